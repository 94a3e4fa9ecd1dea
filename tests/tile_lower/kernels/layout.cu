// tile prelude test: broadcast, permute, extract, cat, arange, iota, bitcast, casts.
extern "C" __global__ void __launch_bounds__(KR_NT) lay(KrArr<float, 2> a, KrArr<float, 2> b) {
    i64 org[2] = {0, 0};
    typedef KrS<16, 96> TS;
    float t[TS::R];
    kr_load<TS, KrS<0, 1>>(t, a, org, 0.0f);
    float col[kr_nslots(16)];
    kr_reduce<TS, 1>(col, t, KrMax<float>());
    float bc[TS::R], br[TS::R], b1[TS::R];
    kr_broadcast<KrS<16, 1>, TS>(bc, col);
    float row[kr_nslots(96)];
    kr_reduce<TS, 0>(row, t, KrSum<float>());
    kr_broadcast<KrS<96>, TS>(br, row);
    float one[1] = {t[0]};
    kr_broadcast<KrS<1, 1>, TS>(b1, one);
    KR_FOR(r, TS::R) t[r] = kr_exp(t[r] - bc[r]) + br[r] * b1[r];
    float p[TS::R];
    kr_permute<TS, KrS<1, 0>>(p, t);
    kr_store<KrS<96, 16>, KrS<1, 0>>(b, org, p);
    float ex[kr_nslots(8 * 32)];
    int ix[2] = {1, (int)blockIdx.x % 3};
    kr_extract<TS, KrS<8, 32>>(ex, t, ix);
    kr_store<KrS<8, 32>, KrS<0, 1>>(b, org, ex);
    float ct[kr_nslots(16 * 192)];
    kr_cat<TS, TS, KrS<16, 192>, 1>(ct, t, p);
    kr_store<KrS<16, 192>, KrS<0, 1>>(b, org, ct);
    float c0[kr_nslots(32 * 96)];
    kr_cat<TS, TS, KrS<32, 96>, 0>(c0, t, t);
    kr_store<KrS<32, 96>, KrS<0, 1>>(b, org, c0);
    int ar[kr_nslots(100)];
    kr_arange<100>(ar);
    float f[kr_nslots(100)];
    KR_FOR(r, kr_nslots(100)) f[r] = kr_cvt<float>(ar[r]) + kr_bitcast<float>(ar[r]);
    kr_store<KrS<1, 100>, KrS<0, 1>>(b, org, f);
    float ins[TS::R];
    kr_insert<TS, KrS<8, 32>>(ins, t, ex, ix);
    kr_print_tile<TS>(ins, "%.3f");
    kr_print_tile<KrS<4, 5, 5>>(ar, "%lld");
    float sc = kr_from_thread0(ins[0]);
    i64 l = kr_to_scalar(*(const i64(*)[1])&ix);
    b.p[1] = sc + (float)l + kr_exp2(sc) + kr_rsqrt(sc) + (float)kr_cdiv(-7, 2) +
             (float)kr_cdiv(7u, 2u) + (float)kr_f64_bits(0x7ff0000000000000ull);
    float h = kr_round_f16(t[0]) + kr_round_bf16(t[0]) + kr_round_e4m3(t[0]) + kr_round_e5m2(t[0]) + kr_tf32(t[0]);
    if (h == 12345.0f) b.p[0] = h;
}
