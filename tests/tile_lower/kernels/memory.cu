// tile prelude test: ct.load / ct.store for every storage type, ranks 1-3, transposed
// orders, odd tile sizes, padding modes; gather and scatter of single elements.
template <class S, class T>
KR_DEV void roundtrip1(const KrArr<S, 1> &a, const KrArr<S, 1> &b) {
    typedef KrS<300> TS; /* not a multiple of the block: masked slots */
    i64 org[1] = {(i64)blockIdx.x * 300};
    T t[TS::R];
    kr_load<TS, KrS<0>>(t, a, org, kr_pad<T>(KR_PAD_ZERO));
    kr_store<TS, KrS<0>>(b, org, t);
    typedef KrS<2048> TB; /* the vector path where aligned */
    i64 org2[1] = {(i64)blockIdx.x * 2048};
    T u[TB::R];
    kr_load<TB, KrS<0>>(u, a, org2, kr_pad<T>(KR_PAD_NEG_INF));
    kr_store<TB, KrS<0>>(b, org2, u);
}
#define ROUNDTRIP(S, T) \
    extern "C" __global__ void __launch_bounds__(KR_NT) rt_##S(KrArr<S, 1> a, KrArr<S, 1> b) { \
        roundtrip1<S, T>(a, b); }
ROUNDTRIP(bool, bool)
ROUNDTRIP(i64, i64)
ROUNDTRIP(int, int)
ROUNDTRIP(short, short)
ROUNDTRIP(u16, int)
ROUNDTRIP(u32, u32)
ROUNDTRIP(u64, u64)
ROUNDTRIP(kr_half, float)
ROUNDTRIP(kr_bf16, float)
ROUNDTRIP(kr_e4m3, float)
ROUNDTRIP(kr_e5m2, float)
ROUNDTRIP(float, float)
ROUNDTRIP(double, double)
typedef signed char i8;
typedef unsigned char u8;
ROUNDTRIP(i8, int)
ROUNDTRIP(u8, u8)

/* 2-D and 3-D tiles, the transposed order, conversion on store */
extern "C" __global__ void __launch_bounds__(KR_NT)
nd(KrArr<float, 2> a, KrArr<kr_half, 2> b, KrArr<double, 3> c, KrArr<int, 3> d) {
    typedef KrS<32, 48> TS;
    i64 org[2] = {(i64)blockIdx.x * 32, (i64)blockIdx.y * 48};
    float t[TS::R];
    kr_load<TS, KrS<0, 1>>(t, a, org, kr_pad<float>(KR_PAD_NAN));
    kr_store<TS, KrS<0, 1>>(b, org, t);
    typedef KrS<48, 32> TT; /* order=(1, 0): tile dim 0 runs along array axis 1 */
    float tt[TT::R];
    kr_load<TT, KrS<1, 0>>(tt, a, org, kr_pad<float>(KR_PAD_POS_INF));
    kr_store<TT, KrS<1, 0>>(b, org, tt);
    typedef KrS<3, 5, 7> T3;
    i64 o3[3] = {(i64)blockIdx.x * 3, 0, (i64)blockIdx.y * 7};
    double x[T3::R];
    kr_load<T3, KrS<0, 1, 2>>(x, c, o3, 0.0);
    kr_store<T3, KrS<0, 1, 2>>(d, o3, x);
    typedef KrS<2, 64, 8> T4;
    double y[T4::R];
    kr_load<T4, KrS<2, 0, 1>>(y, c, o3, -1.0);
    kr_store<T4, KrS<2, 0, 1>>(c, o3, y);
}

/* one-element tiles and a tile smaller than a chunk */
extern "C" __global__ void __launch_bounds__(KR_NT) small(KrArr<float, 1> a, KrArr<float, 2> b) {
    i64 o[1] = {(i64)blockIdx.x}, o2[2] = {(i64)blockIdx.x, 3};
    float t[KrS<1>::R], u[KrS<1, 3>::R];
    kr_load<KrS<1>, KrS<0>>(t, a, o, 0.0f);
    kr_store<KrS<1>, KrS<0>>(a, o, t);
    kr_load<KrS<1, 3>, KrS<0, 1>>(u, b, o2, 0.0f);
    kr_store<KrS<1, 3>, KrS<0, 1>>(b, o2, u);
}

/* gather / scatter with index tiles, masks, bounds checks */
extern "C" __global__ void __launch_bounds__(KR_NT)
gs(KrArr<float, 2> a, KrArr<kr_bf16, 1> b, KrArr<i64, 1> ix) {
    typedef KrS<16, 16> TS;
    i64 io[1] = {0};
    i64 idx[KrS<256>::R];
    kr_load<KrS<256>, KrS<0>>(idx, ix, io, (i64)0);
    int r0[TS::R], c0[TS::R];
    kr_iota<TS>(r0, 0);
    kr_iota<TS>(c0, 1);
    float v[TS::R];
    KR_FOR(r, TS::R) {
        i64 g[2] = {idx[r], (i64)c0[r]};
        v[r] = kr_gather1<float>(a, g, r0[r] < 8, true, -1.0f);
    }
    KR_FOR(r, TS::R) {
        i64 g[1] = {idx[r] * 16 + c0[r]};
        kr_scatter1(b, g, kr_valid(r, TS::size), true, v[r]);
    }
}
