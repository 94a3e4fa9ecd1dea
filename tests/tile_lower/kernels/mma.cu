// tile prelude test: mma on the tensor cores for every operand kind (sizes that are and
// are not whole mma steps) and the FMA path for the rest.
template <class S, int M, int N, int K>
KR_DEV void tc(const KrArr<float, 2> &a, const KrArr<float, 2> &b, const KrArr<float, 2> &c) {
    i64 o[2] = {0, 0};
    float ta[kr_nslots(M * K)], tb[kr_nslots(K * N)], acc[kr_nslots(M * N)];
    kr_load<KrS<M, K>, KrS<0, 1>>(ta, a, o, 0.0f);
    kr_load<KrS<K, N>, KrS<0, 1>>(tb, b, o, 0.0f);
    kr_load<KrS<M, N>, KrS<0, 1>>(acc, c, o, 0.0f);
    kr_mma_tc<S, 1, M, N, K>(acc, ta, tb);
    kr_store<KrS<M, N>, KrS<0, 1>>(c, o, acc);
}
extern "C" __global__ void __launch_bounds__(KR_NT)
mm(KrArr<float, 2> a, KrArr<float, 2> b, KrArr<float, 2> c, KrArr<double, 2> d) {
    tc<kr_half, 64, 64, 32>(a, b, c);
    tc<kr_bf16, 32, 48, 64>(a, b, c);
    tc<kr_tf32s, 16, 8, 8>(a, b, c);
    tc<kr_e4m3, 32, 32, 64>(a, b, c);
    tc<kr_e5m2, 16, 16, 32>(a, b, c);
    tc<kr_half, 20, 12, 24>(a, b, c); /* padded to whole steps */
    i64 o[2] = {0, 0};
    double da[kr_nslots(24 * 12)], db[kr_nslots(12 * 20)], dc[kr_nslots(24 * 20)];
    kr_load<KrS<24, 12>, KrS<0, 1>>(da, d, o, 0.0);
    kr_load<KrS<12, 20>, KrS<0, 1>>(db, d, o, 0.0);
    kr_load<KrS<24, 20>, KrS<0, 1>>(dc, d, o, 0.0);
    kr_mma_fma<1, 24, 20, 12>(dc, da, db);
    kr_store<KrS<24, 20>, KrS<0, 1>>(d, o, dc);
    int ia[kr_nslots(16 * 16)], ib[kr_nslots(16 * 16)], ic[kr_nslots(16 * 16)];
    KR_FOR(r, kr_nslots(256)) { ia[r] = kr_e(r); ib[r] = 1; ic[r] = 0; }
    kr_mma_fma<1, 16, 16, 16>(ic, ia, ib);
    if (ic[0] == 7) d.p[0] = 1.0;
    /* batched: 3 x (16 x 24) @ (24 x 8) */
    float ba[kr_nslots(3 * 16 * 24)], bb[kr_nslots(3 * 24 * 8)], bc[kr_nslots(3 * 16 * 8)];
    KR_FOR(r, kr_nslots(3 * 16 * 24)) ba[r] = (float)kr_e(r);
    KR_FOR(r, kr_nslots(3 * 24 * 8)) bb[r] = 1.0f;
    KR_FOR(r, kr_nslots(3 * 16 * 8)) bc[r] = 0.0f;
    kr_mma_tc<kr_bf16, 3, 16, 8, 24>(bc, ba, bb);
    kr_mma_fma<3, 16, 8, 24>(bc, ba, bb);
    if (bc[0] == 7) c.p[0] = 1.0f;
}
