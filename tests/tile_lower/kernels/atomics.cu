// tile prelude test: atomics of every width, with their memory orders.
template <class S>
KR_DEV void all_ops(S *p, S v) {
    S acc = S();
    acc = kr_atomic(KR_AT_ADD, p, v);
    acc = kr_atomic(KR_AT_MAX, p + 1, acc);
    acc = kr_atomic(KR_AT_MIN, p + 2, acc);
    acc = kr_atomic(KR_AT_XCHG, p + 3, acc);
    acc = kr_atomic_cas(p + 4, acc, v);
    p[5] = acc;
}
template <class S>
KR_DEV void bit_ops(S *p, S v) {
    S acc = kr_atomic(KR_AT_AND, p, v);
    acc = kr_atomic(KR_AT_OR, p + 1, acc);
    acc = kr_atomic(KR_AT_XOR, p + 2, acc);
    p[3] = acc;
}
extern "C" __global__ void __launch_bounds__(KR_NT)
at(KrArr<int, 1> a, KrArr<u32, 1> b, KrArr<i64, 1> c, KrArr<u64, 1> d, KrArr<float, 1> e,
   KrArr<double, 1> f, KrArr<kr_half, 1> g, KrArr<kr_bf16, 1> h, KrArr<short, 1> i,
   KrArr<unsigned char, 1> j) {
    kr_fence(1);
    all_ops(a.p, 1); bit_ops(a.p, 3);
    all_ops(b.p, 1u); bit_ops(b.p, 3u);
    all_ops(c.p, (i64)1); bit_ops(c.p, (i64)3);
    all_ops(d.p, (u64)1); bit_ops(d.p, (u64)3);
    all_ops(e.p, 1.5f);
    all_ops(f.p, 1.5);
    all_ops(g.p, kr_st<kr_half>(1.5f));
    all_ops(h.p, kr_st<kr_bf16>(1.5f));
    all_ops(i.p, (short)-2); bit_ops(i.p, (short)5);
    all_ops(j.p, (unsigned char)7); bit_ops(j.p, (unsigned char)5);
    kr_fence(0);
    kr_fence(2);
}
