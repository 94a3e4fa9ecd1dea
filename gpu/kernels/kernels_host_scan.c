/* kernels_host_scan.c: the mock device's versions of the scan, gather and radix sort kernels
 * (kernels_scan.c, kernels_sort.c). Each reads the same argument words as its CUDA kernel
 * and does the launch's work block by block where the kernels' contract depends on the
 * blocks (the scan's tile partials, the sort's per-block digit counts), so the host code
 * that chains the launches runs unchanged on the mock (gpu/runtime/cuda_mock.h). */
#include <math.h>
#include <string.h>

#include "../runtime/cuda_mock.h"
#include "kernels_internal.h"

#define HS_TILE  2048 /* kernels_scan.c's SCAN_TILE */
#define HS_STILE 4096 /* kernels_sort.c's SORT_TILE */

/* ---- scans: values as u64 (integers wrap the same in either signedness) or double ---- */

typedef struct HostScan {
    CudaMockFunction base;
    int op, which; /* which: 'u' up, 'm' mid, 'd' down */
    DType in, acc;
} HostScan;

typedef union HsVal {
    uint64_t u;
    double f;
} HsVal;

static bool hs_float(DType d) {
    return d == DT_FLOAT32 || d == DT_FLOAT64;
}

static HsVal hs_load(const void *base, int64_t i, DType d, DType acc) {
    HsVal v;
    switch (d) {
    case DT_BOOL:
    case DT_UINT8: v.u = ((const uint8_t *)base)[i] != 0; break;
    case DT_UINT32: v.u = ((const uint32_t *)base)[i]; break;
    case DT_FLOAT32: v.f = ((const float *)base)[i]; return v;
    case DT_FLOAT64: v.f = ((const double *)base)[i]; return v;
    default: v.u = ((const uint64_t *)base)[i]; break;
    }
    if (d == DT_BOOL || d == DT_UINT8) {
        if (hs_float(acc)) v.f = (double)v.u;
    }
    return v;
}

static void hs_store(void *base, int64_t i, DType d, HsVal v) {
    switch (d) {
    case DT_UINT32: ((uint32_t *)base)[i] = (uint32_t)v.u; break;
    case DT_FLOAT32: ((float *)base)[i] = (float)v.f; break;
    case DT_FLOAT64: ((double *)base)[i] = v.f; break;
    default: ((uint64_t *)base)[i] = v.u; break;
    }
}

static HsVal hs_id(const HostScan *k) {
    HsVal v;
    if (hs_float(k->acc))
        v.f = k->op == GPU_SCAN_PROD ? 1.0 : 0.0;
    else
        v.u = k->op == GPU_SCAN_PROD ? 1 : 0;
    return v;
}

/* x op y in the accumulator (float32 rounds after each step, as the kernel's float does) */
static HsVal hs_op(const HostScan *k, HsVal x, HsVal y) {
    HsVal r;
    if (hs_float(k->acc)) {
        r.f = k->op == GPU_SCAN_PROD ? x.f * y.f : x.f + y.f;
        if (k->acc == DT_FLOAT32) r.f = (float)r.f;
    } else {
        r.u = k->op == GPU_SCAN_PROD ? x.u * y.u : x.u + y.u;
        if (k->acc == DT_UINT32) r.u = (uint32_t)r.u;
    }
    return r;
}

static CUresult hs_scan_run(const CudaMockFunction *f, const unsigned grid[3],
                            const unsigned block[3], void **params) {
    (void)block;
    const HostScan *k = (const HostScan *)(const void *)f;
    const uint64_t *w = params[0];
    const void *in = (const void *)(uintptr_t)w[0];
    void *out = (void *)(uintptr_t)w[1], *part = (void *)(uintptr_t)w[2];
    int64_t len = (int64_t)w[3], tpr = (int64_t)w[4];
    bool excl = w[5] != 0;
    if (k->which == 'm') {
        for (unsigned r = 0; r < grid[0]; r++) {
            HsVal carry = hs_id(k);
            for (int64_t j = 0; j < tpr; j++) {
                HsVal v = hs_load(part, r * tpr + j, k->acc, k->acc);
                hs_store(part, r * tpr + j, k->acc, carry);
                carry = hs_op(k, carry, v);
            }
        }
        return 0;
    }
    for (int64_t b = 0; b < (int64_t)grid[0]; b++) {
        int64_t r = b / tpr, lo = (b % tpr) * HS_TILE, hi = len < lo + HS_TILE ? len : lo + HS_TILE;
        HsVal acc = hs_id(k);
        if (k->which == 'd' && tpr > 1) acc = hs_load(part, b, k->acc, k->acc);
        unsigned fe = 0;
        for (int64_t j = lo; j < hi; j++) {
            HsVal x = hs_load(in, r * len + j, k->in, k->acc), nx = hs_op(k, acc, x);
            if (k->which == 'd') {
                hs_store(out, r * len + j, k->acc, excl ? acc : nx);
                if (hs_float(k->acc) && isinf(nx.f) && isfinite(acc.f) && isfinite(x.f)) fe |= 2;
                if (hs_float(k->acc) && isnan(nx.f) && !isnan(acc.f) && !isnan(x.f)) fe |= 8;
            }
            acc = nx;
        }
        if (fe && w[6]) *(unsigned *)(uintptr_t)w[6] |= fe;
        if (k->which == 'u') hs_store(part, b, k->acc, acc);
    }
    return 0;
}

int kernels_host_scan(GpuState *G, int op, DType in, DType acc, const char *name, CUfunction *f) {
    HostScan *k = kernels_host_new(G, sizeof *k, hs_scan_run);
    if (!k) return -1;
    k->op = op;
    k->in = in;
    k->acc = acc;
    k->which = name[8];
    *f = (CUfunction)(void *)k;
    return 0;
}

/* ---- compaction, nonzero coordinates, take ---- */

typedef struct HostGather {
    CudaMockFunction base;
    int esize, which; /* which: 'c' compact, 'n' nonzero coordinates, 't' take */
} HostGather;

static CUresult hs_gather_run(const CudaMockFunction *f, const unsigned grid[3],
                              const unsigned block[3], void **params) {
    (void)grid, (void)block;
    const HostGather *k = (const HostGather *)(const void *)f;
    const uint64_t *w = params[0];
    size_t es = (size_t)k->esize;
    if (k->which == 'c') {
        const uint8_t *fl = (const uint8_t *)(uintptr_t)w[0];
        const int64_t *pos = (const int64_t *)(uintptr_t)w[1];
        const char *src = (const char *)(uintptr_t)w[2];
        char *dst = (char *)(uintptr_t)w[3];
        int64_t n = (int64_t)w[4], inner = (int64_t)w[5];
        for (int64_t i = 0; i < n; i++)
            if (fl[i])
                memcpy(dst + (size_t)((pos[i] - 1) * inner) * es, src + (size_t)(i * inner) * es,
                       (size_t)inner * es);
    } else if (k->which == 'n') {
        const uint8_t *fl = (const uint8_t *)(uintptr_t)w[0];
        const int64_t *pos = (const int64_t *)(uintptr_t)w[1];
        int64_t n = (int64_t)w[2];
        int nd = (int)w[3];
        for (int64_t i = 0; i < n; i++) {
            if (!fl[i]) continue;
            int64_t rem = i;
            for (int d = nd - 1; d >= 0; d--) {
                int64_t sd = (int64_t)w[4 + d];
                ((int64_t *)(uintptr_t)w[12 + d])[pos[i] - 1] = rem % sd;
                rem /= sd;
            }
        }
    } else {
        const int64_t *idx = (const int64_t *)(uintptr_t)w[0];
        const char *src = (const char *)(uintptr_t)w[1];
        char *dst = (char *)(uintptr_t)w[2];
        int64_t outer = (int64_t)w[3], dim = (int64_t)w[4], m = (int64_t)w[5];
        int64_t inner = (int64_t)w[6];
        uint64_t *err = (uint64_t *)(uintptr_t)w[7];
        for (int64_t o = 0; o < outer; o++)
            for (int64_t j = 0; j < m; j++) {
                int64_t q = idx[j];
                if (q < 0) q += dim;
                if (q < 0 || q >= dim) {
                    if ((uint64_t)j < *err) *err = (uint64_t)j;
                    continue;
                }
                memcpy(dst + (size_t)((o * m + j) * inner) * es,
                       src + (size_t)((o * dim + q) * inner) * es, (size_t)inner * es);
            }
    }
    return 0;
}

int kernels_host_gather(GpuState *G, int esize, const char *name, CUfunction *f) {
    HostGather *k = kernels_host_new(G, sizeof *k, hs_gather_run);
    if (!k) return -1;
    k->esize = esize;
    k->which = name[3];
    *f = (CUfunction)(void *)k;
    return 0;
}

/* ---- the radix sort's kernels, keys as u64 of ksize bytes ---- */

typedef struct HostSort {
    CudaMockFunction base;
    int ksize, which; /* which: 'k' keys, 'h' hist, 's' scatter, 'o' out */
} HostSort;

static uint64_t hs_kget(const void *p, int64_t i, int ks) {
    switch (ks) {
    case 1: return ((const uint8_t *)p)[i];
    case 2: return ((const uint16_t *)p)[i];
    case 4: return ((const uint32_t *)p)[i];
    default: return ((const uint64_t *)p)[i];
    }
}

static void hs_kset(void *p, int64_t i, int ks, uint64_t v) {
    switch (ks) {
    case 1: ((uint8_t *)p)[i] = (uint8_t)v; break;
    case 2: ((uint16_t *)p)[i] = (uint16_t)v; break;
    case 4: ((uint32_t *)p)[i] = (uint32_t)v; break;
    default: ((uint64_t *)p)[i] = v; break;
    }
}

static unsigned hs_digit(const void *keys, const uint32_t *idx, int64_t i, int ks, int shift,
                         uint64_t len, bool rowd) {
    return rowd ? (unsigned)(((uint64_t)idx[i] / len) >> shift) & 255u
                : (unsigned)(hs_kget(keys, i, ks) >> shift) & 255u;
}

/* A word that points at elements of e bytes must be e-aligned, as on the device (where it
 * is CUDA_ERROR_MISALIGNED_ADDRESS): the host would read it without complaint. */
static bool hs_misaligned(uint64_t p, unsigned e) {
    return p % e != 0;
}

static CUresult hs_sort_run(const CudaMockFunction *f, const unsigned grid[3],
                            const unsigned block[3], void **params) {
    (void)block;
    const HostSort *k = (const HostSort *)(const void *)f;
    const uint64_t *w = params[0];
    int ks = k->ksize;
    /* the words that point at keys (ks bytes), u32 positions and counts, int64 positions */
    bool bad = false;
    if (k->which == 'k')
        bad = hs_misaligned(w[0], ks) || hs_misaligned(w[1], ks) || hs_misaligned(w[2], 4);
    else if (k->which == 'o')
        bad = hs_misaligned(w[0], ks) || hs_misaligned(w[1], 4) || hs_misaligned(w[2], ks) ||
              hs_misaligned(w[3], ks) || hs_misaligned(w[4], 8);
    else
        bad = hs_misaligned(w[0], ks) || hs_misaligned(w[1], 4) || hs_misaligned(w[6], 4) ||
              (k->which == 's' && (hs_misaligned(w[8], ks) || hs_misaligned(w[9], 4)));
    if (bad) return (CUresult)716; /* CUDA_ERROR_MISALIGNED_ADDRESS */
    uint64_t all = ks == 8 ? ~0ull : (1ull << (8 * ks)) - 1, sg = 1ull << (8 * ks - 1);
    if (k->which == 'k') {
        const void *src = (const void *)(uintptr_t)w[0];
        void *keys = (void *)(uintptr_t)w[1];
        uint32_t *idx = (uint32_t *)(uintptr_t)w[2];
        int64_t n = (int64_t)w[3];
        int kind = (int)w[4];
        uint64_t nanb = w[5];
        for (int64_t i = 0; i < n; i++) {
            uint64_t x = hs_kget(src, i, ks), key = x;
            if (kind == 1) {
                key = x ^ sg;
            } else if (kind == 2) {
                uint64_t ab = x & ~sg & all;
                key = ab > nanb ? all : ab == 0 ? sg : (x & sg) ? ~x & all : x | sg;
            }
            hs_kset(keys, i, ks, key);
            if (idx) idx[i] = (uint32_t)i;
        }
        return 0;
    }
    if (k->which == 'o') {
        const void *keys = (const void *)(uintptr_t)w[0];
        const uint32_t *idx = (const uint32_t *)(uintptr_t)w[1];
        const void *src = (const void *)(uintptr_t)w[2];
        void *vals = (void *)(uintptr_t)w[3];
        int64_t *pos = (int64_t *)(uintptr_t)w[4];
        int64_t n = (int64_t)w[5];
        uint64_t len = w[6];
        int kind = (int)w[7], mode = (int)w[8];
        for (int64_t i = 0; i < n; i++) {
            if (mode & 1) {
                uint64_t key = hs_kget(keys, i, ks);
                hs_kset(vals, i, ks, kind == 1 ? key ^ sg : key);
            }
            if (mode & 2) hs_kset(vals, i, ks, hs_kget(src, idx[i], ks));
            if (mode & 4) pos[i] = (int64_t)((uint64_t)idx[i] % len);
        }
        return 0;
    }
    const void *keys = (const void *)(uintptr_t)w[0];
    const uint32_t *idx = (const uint32_t *)(uintptr_t)w[1];
    int64_t n = (int64_t)w[2];
    int shift = (int)w[3];
    uint64_t len = w[4];
    bool rowd = w[5] != 0;
    uint32_t *counts = (uint32_t *)(uintptr_t)w[6];
    uint64_t nb = w[7];
    for (int64_t b = 0; b < (int64_t)grid[0]; b++) {
        int64_t lo = b * HS_STILE, hi = n < lo + HS_STILE ? n : lo + HS_STILE;
        if (k->which == 'h') {
            uint32_t h[256] = {0};
            for (int64_t i = lo; i < hi; i++)
                h[hs_digit(keys, idx, i, ks, shift, len, rowd)]++;
            for (int d = 0; d < 256; d++)
                counts[(uint64_t)d * nb + (uint64_t)b] = h[d];
            continue;
        }
        void *kout = (void *)(uintptr_t)w[8];
        uint32_t *iout = (uint32_t *)(uintptr_t)w[9];
        uint32_t base[256];
        for (int d = 0; d < 256; d++)
            base[d] = counts[(uint64_t)d * nb + (uint64_t)b];
        for (int64_t i = lo; i < hi; i++) {
            uint32_t at = base[hs_digit(keys, idx, i, ks, shift, len, rowd)]++;
            hs_kset(kout, at, ks, hs_kget(keys, i, ks));
            if (iout) iout[at] = idx[i];
        }
    }
    return 0;
}

int kernels_host_sort(GpuState *G, int ksize, const char *name, CUfunction *f) {
    HostSort *k = kernels_host_new(G, sizeof *k, hs_sort_run);
    if (!k) return -1;
    k->ksize = ksize;
    k->which = name[8];
    *f = (CUfunction)(void *)k;
    return 0;
}
