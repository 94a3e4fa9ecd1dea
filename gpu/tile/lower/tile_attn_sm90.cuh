/* tile_attn_sm90.cuh: the device side of the attention loop on sm_90a
 * (gpu/tile/lower/attention_sm90.c; KR_NEED_ATTN, after tile_sm90.cuh, whose wgmma, cp.async
 * and descriptor primitives it calls). Inside the matched loop every tile lives in the
 * registers of wgmma's accumulator fragment layout instead of the generic one: thread l of
 * warp w of warpgroup g holds, of an (M, C) tile, slot 4j + q = element
 * (64g + 16w + l/4 + 8(q/2), 8j + 2(l%4) + q%2) (FULL); of an (M, 1) tile slot h = row
 * 64g + 16w + l/4 + 8h (ROWS); of a (1, C) tile slot 2j + q = column 8j + 2(l%4) + q (COLS);
 * of a (1, 1) tile its one element (ONE). So S = Q K^T lands where the softmax reads it,
 * a row reduction is the thread's own slots plus two quad shuffles, a row broadcast is a
 * register copy, and P's fragments are, packed to 16 bits, the register A operand of P V.
 * K and V arrive by TMA (kr_fa_tma) or, where the launch could not describe the arrays,
 * by tile_sm90.cuh's cp.async copies. */
#if KR_WGMMA
enum { KR_FA_FULL = 0, KR_FA_ROWS = 1, KR_FA_COLS = 2, KR_FA_ONE = 3 };
/* row and column of slot i of a fragment tile of kind K */
template <int K> KR_DEV int kr_fa_row(int i) {
    const int t = (int)threadIdx.x, base = 64 * (t / 128) + 16 * ((t % 128) / 32) + (t % 32) / 4;
    if constexpr (K == KR_FA_FULL) return base + 8 * ((i % 4) >> 1);
    else if constexpr (K == KR_FA_ROWS) return base + 8 * i;
    else return 0;
}
template <int K> KR_DEV int kr_fa_col(int i) {
    const int t4 = 2 * ((int)threadIdx.x % 4);
    if constexpr (K == KR_FA_FULL) return 8 * (i / 4) + t4 + (i & 1);
    else if constexpr (K == KR_FA_COLS) return 8 * (i / 2) + t4 + (i & 1);
    else return 0;
}
/* An R x C tile from the generic layout into fragment kind K (through kr_smem). */
template <int R, int C, int K, class T, int NF>
KR_DEV void kr_fa_in(T (&f)[NF], const T (&t)[kr_nslots(R * C)]) {
    T *s = (T *)kr_smem;
    __syncthreads();
    KR_FOR(r, kr_nslots(R * C)) {
        const int e = kr_e(r);
        if (e < R * C) s[e] = t[r];
    }
    __syncthreads();
    KR_FOR(i, NF) f[i] = s[kr_fa_row<K>(i) * C + kr_fa_col<K>(i)];
    __syncthreads();
}
/* ... and back (replicated elements write the same value) */
template <int R, int C, int K, class T, int NF>
KR_DEV void kr_fa_out(T (&t)[kr_nslots(R * C)], const T (&f)[NF]) {
    T *s = (T *)kr_smem;
    __syncthreads();
    KR_FOR(i, NF) s[kr_fa_row<K>(i) * C + kr_fa_col<K>(i)] = f[i];
    __syncthreads();
    KR_FOR(r, kr_nslots(R * C)) {
        const int e = kr_e(r);
        t[r] = e < R * C ? s[e] : T(0);
    }
    __syncthreads();
}
/* op's combination of a and b; float max/min as one FMNMX: fmaxf/fminf ignore a NaN operand
 * as kr_maxnum/kr_minnum do (they may differ only in the sign of a zero result) */
template <class T, class OP> KR_DEV T kr_fa_f(const OP &op, T a, T b) {
    if constexpr (kr_same<OP, KrMax<float>>::value) return fmaxf(a, b);
    else if constexpr (kr_same<OP, KrMin<float>>::value) return fminf(a, b);
    else return op.f(a, b);
}
/* (M, C) FULL -> (M, 1) ROWS along the columns: the thread's C / 4 slots of each of its two
 * rows, then the quad (the four lanes that share a row) by shuffles */
template <int C, class T, class OP> KR_DEV void kr_fa_rowred(T (&out)[2], const T (&in)[C / 2], const OP &op) {
    KR_FOR(h, 2) {
        T a = kr_fa_f(op, in[2 * h], in[2 * h + 1]);
        KR_FOR(j, C / 8 - 1) {
            a = kr_fa_f(op, a, in[4 * (j + 1) + 2 * h]);
            a = kr_fa_f(op, a, in[4 * (j + 1) + 2 * h + 1]);
        }
        a = kr_fa_f(op, a, kr_shfl_xor(a, 1));
        a = kr_fa_f(op, a, kr_shfl_xor(a, 2));
        out[h] = a;
    }
}
/* exp2 of a float in the loop: the tensor cores' companion MUFU.EX2 alone, subnormal results
 * flushed to zero (the sample's flush_to_zero=True; below 2^-126 a softmax term is lost
 * beside the row maximum's 1 anyway) */
KR_DEV float kr_fa_exp2(float x) {
    float r;
    asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
    return r;
}
/* two floats as one register of 16-bit S, lo in the low half (wgmma's A fragment order) */
template <class S> KR_DEV unsigned kr_fa_pack(float lo, float hi) {
    unsigned r;
    if constexpr (kr_same<S, kr_bf16>::value)
        asm("cvt.rn.bf16x2.f32 %0, %1, %2;" : "=r"(r) : "f"(hi), "f"(lo));
    else
        asm("cvt.rn.f16x2.f32 %0, %1, %2;" : "=r"(r) : "f"(hi), "f"(lo));
    return r;
}
/* d (this warpgroup's 64 x N rows, FULL) = A (M x K, K-major at a) @ B (K x N at b: N rows of
 * K-major 128-byte rows when KMAJ, else K rows of N), both swizzled, 16-bit; MMA is the
 * lowering's functor (lw_sm90_functor). Issued as one wgmma group, not waited for. */
template <int M, int N, int K, bool KMAJ, class MMA>
KR_DEV void kr_fa_mma_ss_issue(float (&d)[N / 2], const unsigned char *a, const unsigned char *b) {
    const unsigned a0 = kr_smem_addr(a) + ((unsigned)threadIdx.x / 128) * 64 * 128, b0 = kr_smem_addr(b);
    KR_FOR(i, N / 2) d[i] = 0.0f;
    kr_frag_fence(d);
    kr_wgmma_fence();
    KR_FOR(kk, K / 16) {
        const unsigned aa = a0 + (kk / 4) * (M * 128) + (kk % 4) * 32;
        if constexpr (KMAJ)
            MMA()(d, kr_wgmma_desc(aa, 16), kr_wgmma_desc(b0 + (kk / 4) * (N * 128) + (kk % 4) * 32, 16));
        else
            MMA()(d, kr_wgmma_desc(aa, 16), kr_wgmma_desc(b0 + kk * 16 * 128, K * 128));
    }
    kr_wgmma_commit();
    kr_frag_fence(d);
}
/* ... and waited for */
template <int M, int N, int K, bool KMAJ, class MMA>
KR_DEV void kr_fa_mma_ss(float (&d)[N / 2], const unsigned char *a, const unsigned char *b) {
    kr_fa_mma_ss_issue<M, N, K, KMAJ, MMA>(d, a, b);
    kr_wgmma_wait<0>();
    kr_frag_fence(d);
}
/* the packed 16-bit registers of the A operand of P V in flight, as kr_frag_fence */
template <int N> KR_DEV void kr_frag_fence_u(unsigned (&a)[N][4]) {
    KR_FOR(i, N) KR_FOR(v, 4) asm volatile("" : "+r"(a[i][v])::"memory");
}
/* P (64 x K, FULL floats of this warpgroup) rounded to S and packed as wgmma's register A
 * operand: a[kk] holds the four registers of k16 step kk */
template <int K, class S> KR_DEV void kr_fa_pack_p(unsigned (&a)[K / 16][4], const float (&p)[K / 2]) {
    KR_FOR(kk, K / 16) KR_FOR(v, 4) a[kk][v] = kr_fa_pack<S>(p[8 * kk + 2 * v], p[8 * kk + 2 * v + 1]);
}
/* d (64 x N, FULL) += A (the packed P of kr_fa_pack_p) @ B (K x N at b, as kr_fa_mma_ss's B),
 * issued as one wgmma group, not waited for: d and a stay untouched until the wait */
template <int N, int K, bool KMAJ, class MMA>
KR_DEV void kr_fa_mma_rs_issue(float (&d)[N / 2], unsigned (&a)[K / 16][4], const unsigned char *b) {
    const unsigned b0 = kr_smem_addr(b);
    kr_frag_fence(d);
    kr_frag_fence_u(a);
    kr_wgmma_fence();
    KR_FOR(kk, K / 16) {
        if constexpr (KMAJ)
            MMA()(d, a[kk], kr_wgmma_desc(b0 + (kk / 4) * (N * 128) + (kk % 4) * 32, 16));
        else
            MMA()(d, a[kk], kr_wgmma_desc(b0 + kk * 16 * 128, K * 128));
    }
    kr_wgmma_commit();
    kr_frag_fence(d);
    kr_frag_fence_u(a);
}
/* d (64 x N, FULL) += P (64 x K, FULL floats of this warpgroup: the register A operand,
 * rounded to S) @ B (K x N at b, as kr_fa_mma_ss's B). Waits for the product. */
template <int N, int K, bool KMAJ, class S, class MMA>
KR_DEV void kr_fa_mma_rs(float (&d)[N / 2], const float (&p)[K / 2], const unsigned char *b) {
    unsigned a[K / 16][4];
    kr_fa_pack_p<K, S>(a, p);
    kr_fa_mma_rs_issue<N, K, KMAJ, MMA>(d, a, b);
    kr_wgmma_wait<0>();
    kr_frag_fence(d);
}
/* The ping-pong of two consumer warpgroups (FlashAttention-3's schedule): warpgroup g waits
 * at named barrier 1 + g for the other's go-ahead before it issues its GEMMs and gives the
 * other its go-ahead once they are issued, so one warpgroup's softmax runs while the
 * other's GEMMs hold the tensor cores. Each barrier completes with the 128 threads that
 * wait and the 128 of the other warpgroup that arrive. */
KR_DEV void kr_fa_pp_wait() {
    asm volatile("bar.sync %0, 256;\n" ::"r"(1 + (int)threadIdx.x / 128) : "memory");
}
KR_DEV void kr_fa_pp_go(bool take) { /* predicated, not branched: inside a wgmma pipeline */
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %1, 0;\n@p bar.arrive %0, 256;\n}\n" ::"r"(
                     2 - (int)threadIdx.x / 128),
                 "r"((int)take)
                 : "memory");
}
/* this thread's arrival on an mbarrier (release: its reads of the stage are done) */
KR_DEV void kr_fa_arrive(u64 *bar) {
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n" ::"r"(kr_smem_addr(bar)) : "memory");
}
/* An R x C tile of E-byte elements of a RANK-dimensional array through its TMA map (tma.c:
 * boxes of 128 bytes of the last axis x R rows of the one before) into the swizzled stage at
 * dst, completing on bar: c holds the coordinates innermost first (the column, the row, then
 * the outer axes' indices); zeros arrive past the array's edges. */
template <int R, int C, int RANK, int E = 2>
KR_DEV void kr_fa_tma(unsigned char *dst, const KrTmap *map, const int (&c)[RANK], u64 *bar) {
    static_assert(RANK >= 2 && RANK <= 5, "TMA maps of rank 2 to 5");
    const unsigned b0 = kr_smem_addr(bar);
    KR_FOR(b, C / (128 / E)) {
        const unsigned d = kr_smem_addr(dst + b * R * 128);
        const int x = c[0] + (128 / E) * b;
        if constexpr (RANK == 2)
            asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"
                         " [%0], [%1, {%2, %3}], [%4];\n" ::"r"(d), "l"((u64)map), "r"(x), "r"(c[1]), "r"(b0)
                         : "memory");
        else if constexpr (RANK == 3)
            asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes"
                         " [%0], [%1, {%2, %3, %4}], [%5];\n" ::"r"(d), "l"((u64)map), "r"(x), "r"(c[1]),
                         "r"(c[2]), "r"(b0)
                         : "memory");
        else if constexpr (RANK == 4)
            asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.mbarrier::complete_tx::bytes"
                         " [%0], [%1, {%2, %3, %4, %5}], [%6];\n" ::"r"(d), "l"((u64)map), "r"(x),
                         "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(b0)
                         : "memory");
        else
            asm volatile("cp.async.bulk.tensor.5d.shared::cluster.global.mbarrier::complete_tx::bytes"
                         " [%0], [%1, {%2, %3, %4, %5, %6}], [%7];\n" ::"r"(d), "l"((u64)map), "r"(x),
                         "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(c[4]), "r"(b0)
                         : "memory");
    }
}
#endif /* KR_WGMMA */
