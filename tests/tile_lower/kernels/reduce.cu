// tile prelude test: reductions, argmax/argmin and scans along each axis, odd sizes,
// several dtypes, and whole-tile reductions to a value every thread holds.
template <class T, class IN, int AX>
KR_DEV void reduce_all_ops(const T (&t)[IN::R], T *out) {
    typedef KrAxis<IN, AX> X;
    T s[kr_nslots(X::P)];
    kr_reduce<IN, AX>(s, t, KrSum<T>());
    out[0] = s[0];
    kr_reduce<IN, AX>(s, t, KrProd<T>());
    out[1] = s[0];
    kr_reduce<IN, AX>(s, t, KrMax<T>());
    out[2] = s[0];
    kr_reduce<IN, AX>(s, t, KrMin<T>());
    out[3] = s[0];
    i64 am[kr_nslots(X::P)];
    kr_argreduce<true, IN, AX>(am, t);
    out[4] = (T)am[0];
    kr_argreduce<false, IN, AX>(am, t);
    out[5] = (T)am[0];
    T c[IN::R];
    kr_scan<IN, AX, false>(c, t, KrSum<T>());
    out[6] = c[0];
    kr_scan<IN, AX, true>(c, t, KrProd<T>());
    out[7] = c[0];
    out[8] = kr_reduce_all<IN>(t, KrSum<T>());
    /* ct.reduce with a combiner of the kernel's own, capturing a value */
    const T scale = out[0];
    auto comb = [&](T x, T y) -> T { return x + y * scale; };
    kr_reduce<IN, AX>(s, t, kr_custom(T(0), comb));
    kr_scan<IN, AX, false>(c, t, kr_custom(T(1), comb));
    out[9] = s[0] + c[0];
}
extern "C" __global__ void __launch_bounds__(KR_NT)
red(KrArr<float, 2> a, KrArr<float, 1> o, KrArr<i64, 2> b, KrArr<i64, 1> ob, KrArr<double, 3> c,
    KrArr<double, 1> oc) {
    i64 org[2] = {0, 0}, org3[3] = {0, 0, 0};
    typedef KrS<7, 50> TS;
    float t[TS::R];
    kr_load<TS, KrS<0, 1>>(t, a, org, 0.0f);
    reduce_all_ops<float, TS, 0>(t, o.p);
    reduce_all_ops<float, TS, 1>(t, o.p + 10);
    typedef KrS<4, 128> TB;
    i64 u[TB::R];
    kr_load<TB, KrS<0, 1>>(u, b, org, (i64)0);
    reduce_all_ops<i64, TB, 1>(u, ob.p);
    int bits[TB::R];
    KR_FOR(r, TB::R) bits[r] = (int)u[r];
    int bo[kr_nslots(4)], bx[kr_nslots(128)];
    kr_reduce<TB, 1>(bo, bits, KrAnd<int>());
    kr_reduce<TB, 1>(bo, bits, KrOr<int>());
    kr_reduce<TB, 0>(bx, bits, KrXor<int>());
    ob.p[20] = bo[0] + bx[0];
    typedef KrS<3, 5, 6> T3;
    double x[T3::R];
    kr_load<T3, KrS<0, 1, 2>>(x, c, org3, 0.0);
    reduce_all_ops<double, T3, 1>(x, oc.p);
    reduce_all_ops<double, T3, 2>(x, oc.p + 10);
    bool flags[TS::R];
    KR_FOR(r, TS::R) flags[r] = t[r] > 0.5f;
    bool any[kr_nslots(7)];
    kr_reduce<TS, 1>(any, flags, KrMax<bool>());
    kr_reduce<TS, 1>(any, flags, KrMin<bool>());
    if (any[0]) o.p[30] = 1.0f;
}
