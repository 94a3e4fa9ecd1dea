/* tile_sm90.cuh: the Hopper (sm_90a) half of the tile prelude, compiled only into kernels
 * whose lowering found a matmul loop it can run on the warpgroup tensor cores
 * (gpu/tile/lower/mma_sm90.c; KR_NEED_SM90). The lowering guards each such loop with
 * `#if KR_WGMMA ... #else <the generic loop> #endif`, so one source still compiles for any
 * architecture: KR_WGMMA is 1 only where NVRTC compiles for sm_90a.
 *
 * The loop it serves: acc (M x N float) += A tile (M x BK) @ B tile (BK x N), 16-bit or tf32
 * operands, over a run-time range of k. Each block is M / 64 warpgroups; warpgroup w owns
 * rows 64w .. 64w+63 of the accumulator, held in registers in wgmma's fragment layout for
 * the whole loop. The operand tiles go through a ring of S shared-memory stages filled by
 * cp.async (16-byte copies, zero-filled past the array's edges) L iterations ahead, in the
 * 128-byte swizzled layout wgmma reads: a tile of R rows x C columns (C a multiple of 64
 * elements) is C / 64 blocks of R rows x 128 bytes, and 16-byte chunk c of row r sits at
 * chunk c ^ (r % 8). A is read K-major, B (row-major K x N) N-major (wgmma's transposed B).
 * Stages start 1024-byte aligned (the swizzle is on address bits), in kr_smem. */
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define KR_WGMMA 1
#else
#define KR_WGMMA 0
#endif
/* A TMA descriptor (CUtensorMap) in the kernel's parameter struct, encoded by the launch
 * (gpu/tile/lower/tma.c); the kernel takes the struct as __grid_constant__ so its address
 * is usable by cp.async.bulk.tensor. */
struct __align__(64) KrTmap {
    unsigned long long w[16];
};

#if KR_WGMMA
/* ---- cp.async: 16 bytes global -> shared, the bytes past `bytes` zero-filled ---- */
KR_DEV void kr_cp16(unsigned dst, const void *src, int bytes) {
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(dst), "l"(src), "r"(bytes)
                 : "memory");
}
KR_DEV void kr_cp_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
template <int N> KR_DEV void kr_cp_wait() {
    asm volatile("cp.async.wait_group %0;\n" ::"n"(N) : "memory");
}
/* generic-proxy writes to shared memory made visible to wgmma's (async proxy) reads */
KR_DEV void kr_fence_async_smem() { asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory"); }
KR_DEV void kr_wgmma_fence() { asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory"); }
KR_DEV void kr_wgmma_commit() { asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory"); }
template <int N> KR_DEV void kr_wgmma_wait() {
    asm volatile("wgmma.wait_group.sync.aligned %0;\n" ::"n"(N) : "memory");
}

/* A shared-memory matrix descriptor for the 128-byte swizzle: start address, leading byte
 * offset (K-major: unused; N-major: the distance between 64-column blocks), stride byte
 * offset (the distance between groups of 8 rows: 8 x 128 bytes). */
KR_DEV u64 kr_wgmma_desc(unsigned addr, unsigned lbo) {
    u64 d = (u64)((addr & 0x3ffff) >> 4);
    d |= (u64)((lbo & 0x3ffff) >> 4) << 16;
    d |= (u64)(1024 >> 4) << 32;
    d |= (u64)1 << 62;
    return d;
}

/* Byte offset of element (r, c) of an R-row tile of E-byte elements in the swizzled
 * layout: blocks of 128 / E columns, 16-byte chunk c of row r at chunk c ^ (r % 8). */
template <int R, int E = 2> KR_DEV int kr_swz_off(int r, int c) {
    return (c / (128 / E)) * (R * 128) + r * 128 + ((((c * E) >> 4) & 7) ^ (r & 7)) * 16 +
           ((c * E) & 15);
}

/* One R x C tile of a 16-bit array into the swizzled stage at dst (shared address), its
 * first element at array coordinates (r0, c0); zero outside the array. 16-byte cp.async
 * when the rows are contiguous and 16-byte aligned (decided per launch, uniform), else
 * element by element. */
template <class S, int R, int C, class A>
KR_DEV void kr_sm90_load(unsigned char *dst, const A &a, i64 r0, i64 c0, bool vec) {
    constexpr int E = (int)sizeof(S), EPC = 16 / E; /* element bytes, elements per chunk */
    static_assert((E == 2 || E == 4) && C % (128 / E) == 0, "tiles of whole 128-byte rows");
    const i64 rows = a.shape[0], cols = a.shape[1];
    constexpr int CH = R * C / EPC; /* 16-byte chunks */
    if (vec && r0 >= 0 && r0 + R <= rows && c0 >= 0 && c0 + C <= cols) {
        /* the whole tile inside the array (the common case): no per-chunk bounds */
        const S *base = a.p + r0 * a.stride[0] + c0;
        _Pragma("unroll") for (int i = 0; i < (CH + KR_NT - 1) / KR_NT; i++) {
            const int ch = (int)threadIdx.x + i * KR_NT;
            if (CH % KR_NT == 0 || ch < CH) {
                const int r = ch / (C / EPC), c = (ch % (C / EPC)) * EPC;
                kr_cp16(kr_smem_addr(dst + kr_swz_off<R, E>(r, c)), base + r * a.stride[0] + c, 16);
            }
        }
    } else if (vec) {
        _Pragma("unroll") for (int i = 0; i < (CH + KR_NT - 1) / KR_NT; i++) {
            const int ch = (int)threadIdx.x + i * KR_NT;
            if (CH % KR_NT == 0 || ch < CH) {
                const int r = ch / (C / EPC), c = (ch % (C / EPC)) * EPC;
                const i64 gr = r0 + r, gc = c0 + c;
                i64 left = cols - gc;
                int bytes = (gr >= 0 && gr < rows && gc >= 0 && left > 0)
                                ? (left >= EPC ? 16 : (int)left * E)
                                : 0;
                const S *src = bytes ? a.p + gr * a.stride[0] + gc : a.p;
                kr_cp16(kr_smem_addr(dst + kr_swz_off<R, E>(r, c)), src, bytes);
            }
        }
    } else {
        _Pragma("unroll 1") for (int e = (int)threadIdx.x; e < R * C; e += KR_NT) {
            const int r = e / C, c = e % C;
            const i64 gr = r0 + r, gc = c0 + c;
            S v;
            if (gr >= 0 && gr < rows && gc >= 0 && gc < cols)
                v = a.p[gr * a.stride[0] + gc * a.stride[1]];
            else
                v = kr_st<S>(0.0f);
            *(S *)(dst + kr_swz_off<R, E>(r, c)) = v;
        }
    }
}
/* keeps the compiler from moving accesses of the accumulator registers across the
 * asynchronous wgmma that writes them */
template <int N> KR_DEV void kr_frag_fence(float (&d)[N]) {
    KR_FOR(i, N) asm volatile("" : "+f"(d[i])::"memory");
}
/* One stage: acc += A (M x BK at a) @ B (BK x N at b), BK / 16 wgmma steps of this
 * warpgroup's 64 rows; MMA is the lowering's functor around the one wgmma instruction. */
template <int M, int N, int BK, class MMA>
KR_DEV void kr_wgmma_stage(float (&d)[N / 2], const unsigned char *a, const unsigned char *b) {
    const unsigned sa = kr_smem_addr(a) + (threadIdx.x / 128) * 64 * 128, sb = kr_smem_addr(b);
    kr_frag_fence(d);
    kr_wgmma_fence();
    /* a k16 step is 32 bytes of a row of A, 4 steps per 64-column block; B N-major: 16 rows
     * of 128 bytes a step, 64-column blocks BK * 128 apart */
    KR_FOR(kk, BK / 16) {
        const unsigned aa = sa + (kk / 4) * (M * 128) + (kk % 4) * 32;
        MMA()(d, kr_wgmma_desc(aa, 16), kr_wgmma_desc(sb + kk * 16 * 128, BK * 128));
    }
    kr_wgmma_commit();
    kr_frag_fence(d);
}
/* ---- TMA (the default; not KRAIT_TILE_SM90=cpasync): one thread copies each stage with cp.async.bulk.tensor,
 * completing on the stage's mbarrier; the consumers wait on its phase. ---- */
KR_DEV void kr_mbar_init(u64 *bar, int count) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(kr_smem_addr(bar)), "r"(count)
                 : "memory");
}
KR_DEV void kr_mbar_inval(u64 *bar) {
    asm volatile("mbarrier.inval.shared::cta.b64 [%0];\n" ::"r"(kr_smem_addr(bar)) : "memory");
}
KR_DEV void kr_fence_mbar_init() {
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
}
KR_DEV void kr_mbar_expect_tx(u64 *bar, unsigned bytes) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(
                     kr_smem_addr(bar)),
                 "r"(bytes)
                 : "memory");
}
/* A copy that never lands (a descriptor the lowering got wrong) traps after some seconds
 * instead of hanging the device: the launch then fails with an error. */
KR_DEV void kr_mbar_wait(u64 *bar, int parity) {
    const unsigned a = kr_smem_addr(bar);
    unsigned done = 0;
    for (unsigned tries = 0; !done; tries++) {
        if (tries == (1u << 28)) asm volatile("trap;");
        asm volatile("{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                     "selp.u32 %0, 1, 0, p;\n}\n"
                     : "=r"(done)
                     : "r"(a), "r"(parity)
                     : "memory");
    }
}
/* ---- warp specialization (mma_sm90_ws.c): the consumers hand stages back on an mbarrier,
 * the block's own barrier (every thread, the producer warpgroup too: __syncthreads is the
 * consumers' named barrier in such a kernel), the register split between the warpgroups ---- */
KR_DEV void kr_mbar_arrive(u64 *bar) {
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n" ::"r"(kr_smem_addr(bar)) : "memory");
}
KR_DEV void kr_bar_all() { asm volatile("bar.sync 0;\n" ::: "memory"); }
template <int N> KR_DEV void kr_setmaxnreg_dec() {
    asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;\n" ::"n"(N));
}
template <int N> KR_DEV void kr_setmaxnreg_inc() {
    asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;\n" ::"n"(N));
}
/* An R x C tile of E-byte elements (C / (128 / E) boxes of 128 bytes of columns x R rows) at
 * array coordinates (r0, c0) into the swizzled stage at dst, completing on bar.
 * Out-of-bounds elements arrive as zeros. */
template <int R, int C, int E = 2>
KR_DEV void kr_tma_tile(unsigned char *dst, const KrTmap *map, int r0, int c0, u64 *bar) {
    KR_FOR(b, C / (128 / E)) {
        asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"
                     " [%0], [%1, {%2, %3}], [%4];\n" ::"r"(kr_smem_addr(dst + b * R * 128)),
                     "l"((u64)map), "r"(c0 + (128 / E) * b), "r"(r0), "r"(kr_smem_addr(bar))
                     : "memory");
    }
}

/* whether a's rows can be copied 16 bytes at a time */
template <class A> KR_DEV bool kr_sm90_vec_ok(const A &a) {
    return a.stride[1] == 1 && ((u64)a.p & 15) == 0 &&
           ((a.stride[0] * (i64)sizeof(*a.p)) & 15) == 0;
}
/* tfloat32: wgmma reads a tf32 B only K-major and the sample's B is row-major (N-major), so
 * the loop computes D^T = B^T A^T instead: B^T is wgmma's A, read from B's stage into
 * registers in the fragment layout (the transpose is free there), and A (K-major, as staged)
 * is wgmma's B. Warpgroup g owns rows 64g.. of D^T, i.e. columns 64g.. of D; each k8 step is
 * one m64n{M}k8 over the tile's M rows. Register fragment slot v of thread l of warp w:
 * B^T element (16w + l/4 + 8(v%2), l%4 + 4(v/2)) of the warpgroup's 64 rows. */
/* B^T's fragments of one stage (b: B's BK x N tile as staged) for this thread */
template <int BK> KR_DEV void kr_tf32_bt(unsigned (&f)[BK / 8][4], const unsigned char *b) {
    const int t = (int)threadIdx.x, l = t % 32;
    const int n = 64 * (t / 128) + 16 * ((t % 128) / 32) + l / 4, k = l % 4;
    KR_FOR(kk, BK / 8) KR_FOR(v, 4) {
        f[kk][v] = *(const unsigned *)(b + kr_swz_off<BK, 4>(8 * kk + k + 4 * (v >> 1),
                                                             n + 8 * (v & 1)));
    }
}
/* One stage's wgmma group from B^T's fragments f and A's tile at a, committed */
template <int M, int BK, class MMA>
KR_DEV void kr_wgmma_tf32_issue(float (&d)[M / 2], const unsigned (&f)[BK / 8][4],
                                const unsigned char *a) {
    const unsigned sa = kr_smem_addr(a);
    kr_frag_fence(d);
    kr_wgmma_fence();
    /* A^T as wgmma's K-major B: M rows of 128 bytes per 32-column block, k8 = 32 bytes */
    KR_FOR(kk, BK / 8) {
        MMA()(d, f[kk], kr_wgmma_desc(sa + (kk / 4) * (M * 128) + (kk % 4) * 32, 16));
    }
    kr_wgmma_commit();
    kr_frag_fence(d);
}
/* keeps fragments f in their registers up to here: after the wait for the wgmma group that
 * reads them, so the compiler gives the next stage's fragments other registers (the
 * warp-specialized loop's double buffer, mma_sm90_ws.c) */
template <int BK> KR_DEV void kr_tf32_keep(unsigned (&f)[BK / 8][4]) {
    KR_FOR(kk, BK / 8) KR_FOR(v, 4) asm volatile("" : "+r"(f[kk][v])::"memory");
}
template <int M, int N, int BK, class MMA>
KR_DEV void kr_wgmma_stage_tf32(float (&d)[M / 2], const unsigned char *a, const unsigned char *b) {
    unsigned f[BK / 8][4];
    kr_tf32_bt<BK>(f, b);
    kr_wgmma_tf32_issue<M, BK, MMA>(d, f, a);
}

/* ---- single ct.mma ops on wgmma (mma_sm90_op.c): operands staged from registers or copied
 * from memory, the product, the accumulator back to the generic layout ---- */
/* An R x C tile of 16-bit S (C a multiple of 64) from the generic register layout into the
 * swizzled layout at dst: each thread's runs of KR_V consecutive elements go min(KR_V, 8)
 * at a time (one store of up to 16 bytes, inside one swizzle chunk). */
template <class S, int R, int C, class T>
KR_DEV void kr_swz_store(unsigned char *dst, const T (&x)[kr_nslots(R * C)]) {
    constexpr int G = KR_V < 8 ? KR_V : 8;
    KR_FOR(r0, kr_nslots(R * C) / G) {
        const int e = kr_e(r0 * G);
        if (e < R * C) {
            __align__(16) S h[G];
            KR_FOR(j, G) h[j] = kr_st<S>((float)x[r0 * G + j]);
            unsigned char *p = dst + kr_swz_off<R>(e / C, e % C);
            if constexpr (G == 8) *(uint4 *)p = *(const uint4 *)h;
            else if constexpr (G == 4) *(uint2 *)p = *(const uint2 *)h;
            else if constexpr (G == 2) *(unsigned *)p = *(const unsigned *)h;
            else *(S *)p = h[0];
        }
    }
}
/* The same for B staged K-major: element (k, n) of the K x N tile at row n, column k. */
template <class S, int K, int N, class T>
KR_DEV void kr_swz_store_t(unsigned char *dst, const T (&x)[kr_nslots(K * N)]) {
    KR_FOR(r, kr_nslots(K * N)) {
        const int e = kr_e(r);
        if (e < K * N) *(S *)(dst + kr_swz_off<N>(e % N, e / N)) = kr_st<S>((float)x[r]);
    }
}
/* kr_smem + base + off, base rounded up to the next 1024-byte shared address (the swizzle
 * is on address bits): the ops' scratch at base 0, the pinned operands at KR_PIN */
KR_DEV unsigned char *kr_pinned(unsigned base, unsigned off) {
    const unsigned at = kr_smem_addr(kr_smem) + base;
    return kr_smem + base + ((1024u - (at & 1023u)) & 1023u) + off;
}
/* An R x C tile of 16-bit S (C a multiple of 64) from array a into the swizzled layout at
 * dst, by cp.async: tile row r, column c is the array element at org (array coordinates)
 * with axis ar advanced by r and axis ac by c; zero outside the array. 16-byte copies when
 * axis ac is contiguous and the rows 16-byte aligned (decided per call, uniform), else
 * element by element. Committed as one group; kr_wgmma_run waits for it. RING (the attention
 * loop's stages, attention_sm90.c): neither the wait for earlier copies nor the commit, which
 * the caller's ring does. */
template <class S, int R, int C, bool RING = false, class A>
KR_DEV void kr_swz_gload(unsigned char *dst, const A &a, const i64 *org, int ar, int ac) {
    constexpr int RANK = (int)(sizeof(a.shape) / sizeof(a.shape[0]));
    i64 base = 0;
    bool inside = true;
    KR_FOR(k, RANK) {
        base += org[k] * a.stride[k];
        if (k != ar && k != ac) inside = inside && org[k] >= 0 && org[k] < a.shape[k];
    }
    const i64 rows = a.shape[ar], cols = a.shape[ac], sr = a.stride[ar], sc = a.stride[ac];
    const i64 r0 = org[ar], c0 = org[ac];
    const S *p0 = a.p + base;
    /* an earlier copy into the same region (its mma skipped by a branch) lands first */
    if constexpr (!RING) kr_cp_wait<0>();
    const bool vec = sc == 1 && (((u64)p0) & 15) == 0 && ((sr * (i64)sizeof(S)) & 15) == 0;
    constexpr int CH = R * C / 8; /* 16-byte chunks */
    if (vec) {
        _Pragma("unroll") for (int i = 0; i < (CH + KR_NT - 1) / KR_NT; i++) {
            const int ch = (int)threadIdx.x + i * KR_NT;
            if (CH % KR_NT == 0 || ch < CH) {
                const int r = ch / (C / 8), c = (ch % (C / 8)) * 8;
                const i64 left = cols - (c0 + c);
                const bool in = inside && r0 + r >= 0 && r0 + r < rows && c0 + c >= 0 && left > 0;
                const int bytes = in ? (left >= 8 ? 16 : (int)left * 2) : 0;
                kr_cp16(kr_smem_addr(dst + kr_swz_off<R>(r, c)), in ? p0 + r * sr + c : a.p, bytes);
            }
        }
        if constexpr (!RING) kr_cp_commit();
    } else {
        _Pragma("unroll 1") for (int e = (int)threadIdx.x; e < R * C; e += KR_NT) {
            const int r = e / C, c = e % C;
            const bool in =
                inside && r0 + r >= 0 && r0 + r < rows && c0 + c >= 0 && c0 + c < cols;
            *(S *)(dst + kr_swz_off<R>(r, c)) = in ? p0[r * sr + c * sc] : kr_st<S>(0.0f);
        }
    }
}
/* acc (M x N) += A (M x K at a) @ B (K x N at b), 16-bit, staged in the swizzled layouts: A
 * K-major, B N-major or (KMAJ) K-major; sc: M x (N + 4) floats of scratch for the
 * accumulator's trip between layouts. Warpgroup g takes the 64-row blocks g, g + KR_NT / 128,
 * ...; ZERO: acc is zero, not staged. Waits for this thread's cp.async copies first. */
template <int M, int N, int K, bool KMAJ, bool ZERO, class MMA, class TC>
KR_DEV void kr_wgmma_run(TC (&acc)[kr_nslots(M * N)], const unsigned char *sa,
                         const unsigned char *sb, float *sc) {
    constexpr int NWG = KR_NT / 128, MB = M / 64, RB = (MB + NWG - 1) / NWG, LD = N + 4;
    if constexpr (!ZERO) {
        KR_FOR(r, kr_nslots(M * N)) {
            const int e = kr_e(r);
            if (e < M * N) sc[(e / N) * LD + e % N] = (float)acc[r];
        }
    }
    kr_cp_wait<0>();
    kr_fence_async_smem();
    __syncthreads();
    const int g = (int)threadIdx.x / 128, w = ((int)threadIdx.x % 128) / 32, l = threadIdx.x % 32;
    /* fragment slot 4j + q: element (64 rb + 16w + l/4 + 8(q/2), 8j + 2(l%4) + q%2) */
    const int fr = 16 * w + l / 4, fc = 2 * (l % 4);
    float d[RB][N / 2];
    KR_FOR(i, RB) {
        const int rb = g + i * NWG;
        KR_FOR(j, N / 8) KR_FOR(q, 4) {
            d[i][4 * j + q] = ZERO || rb >= MB ? 0.0f
                                               : sc[(64 * rb + fr + 8 * (q >> 1)) * LD + 8 * j +
                                                    fc + (q & 1)];
        }
    }
    const unsigned a0 = kr_smem_addr(sa), b0 = kr_smem_addr(sb);
    KR_FOR(i, RB) {
        const int rb = g + i * NWG;
        if (rb < MB) { /* uniform in the warpgroup */
            kr_frag_fence(d[i]);
            kr_wgmma_fence();
            KR_FOR(kk, K / 16) {
                const unsigned aa = a0 + rb * 64 * 128 + (kk / 4) * (M * 128) + (kk % 4) * 32;
                if constexpr (KMAJ) /* N rows of 128 bytes per 64-column block of k */
                    MMA()(d[i], kr_wgmma_desc(aa, 16),
                          kr_wgmma_desc(b0 + (kk / 4) * (N * 128) + (kk % 4) * 32, 16));
                else /* 16 rows of k a step, 64-column blocks of n K * 128 bytes apart */
                    MMA()(d[i], kr_wgmma_desc(aa, 16), kr_wgmma_desc(b0 + kk * 16 * 128, K * 128));
            }
            kr_wgmma_commit();
        }
    }
    kr_wgmma_wait<0>();
    KR_FOR(i, RB) {
        kr_frag_fence(d[i]);
        const int rb = g + i * NWG;
        if (rb < MB) {
            KR_FOR(j, N / 8) KR_FOR(q, 4) {
                sc[(64 * rb + fr + 8 * (q >> 1)) * LD + 8 * j + fc + (q & 1)] = d[i][4 * j + q];
            }
        }
    }
    __syncthreads();
    KR_FOR(r, kr_nslots(M * N)) {
        const int e = kr_e(r);
        if (e < M * N) acc[r] = (TC)sc[(e / N) * LD + e % N];
    }
}

/* ---- the accumulator: generic tile layout <-> wgmma fragments, through kr_smem. Fragment
 * slot 4j + q of thread l of warp w (in its warpgroup g) is element
 * (64g + 16w + l/4 + 8(q/2), 8j + 2(l%4) + q%2) of D, or of D^T when T (tfloat32). ---- */
template <int M, int N, bool T = false> struct KrFrag {
    static constexpr int ld = N + 4, n = (T ? M : N) / 2; /* n: fragment slots a thread */
    KR_DEV static int at(int j, int q) {
        const int t = threadIdx.x, g = t / 128, w = (t % 128) / 32, l = t % 32;
        const int r = 64 * g + 16 * w + l / 4 + 8 * (q >> 1), c = 8 * j + 2 * (l % 4) + (q & 1);
        return T ? c * ld + r : r * ld + c;
    }
};
template <int M, int N, bool T = false>
KR_DEV void kr_frag_from_tile(float (&d)[KrFrag<M, N, T>::n], const float (&t)[kr_nslots(M * N)]) {
    float *s = (float *)kr_smem;
    __syncthreads();
    KR_FOR(r, kr_nslots(M * N)) {
        const int e = kr_e(r);
        if (e < M * N) s[(e / N) * KrFrag<M, N, T>::ld + e % N] = t[r];
    }
    __syncthreads();
    constexpr int J = KrFrag<M, N, T>::n / 4;
    KR_FOR(j, J) KR_FOR(q, 4) d[4 * j + q] = s[KrFrag<M, N, T>::at(j, q)];
    __syncthreads();
}
template <int M, int N, bool T = false>
KR_DEV void kr_frag_to_tile(float (&t)[kr_nslots(M * N)], const float (&d)[KrFrag<M, N, T>::n]) {
    float *s = (float *)kr_smem;
    __syncthreads();
    constexpr int J = KrFrag<M, N, T>::n / 4;
    KR_FOR(j, J) KR_FOR(q, 4) s[KrFrag<M, N, T>::at(j, q)] = d[4 * j + q];
    __syncthreads();
    KR_FOR(r, kr_nslots(M * N)) {
        const int e = kr_e(r);
        t[r] = e < M * N ? s[(e / N) * KrFrag<M, N, T>::ld + e % N] : 0.0f;
    }
    __syncthreads();
}
#endif /* KR_WGMMA */
