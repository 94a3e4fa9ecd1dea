/* cpu_sort.c: np.sort and np.argsort of integer, bool, float32 and float64 rows by LSD radix
 * sort, tried by arr_sort (gpu/array/array_sort.c) before its merge sort. Each element maps
 * to an unsigned key of its width whose order is the value order (the sign bit flipped for
 * signed integers; for floats all bits flipped when negative, else the sign bit set), every
 * NaN to the largest key (NaN last, as NumPy), -0.0 to the key of 0.0 (they compare equal).
 * Keys are taken relative to the row's smallest, so only the bits in which they differ are
 * sorted: most significant 11 bits first, by a stable counting scatter of the keys (and for
 * argsort the positions), each bucket then on its own; a bucket of 16384 or fewer keys,
 * which fits in cache, is finished least significant byte first, skipping bytes every key
 * shares, and one of 1024 or fewer by a merge sort. The sort is stable, which is a
 * valid result for every kind= and exactly kind='stable'. Buckets of 16 or fewer are
 * insertion-sorted. The zeros of a sorted float row get their signs back from the row, in
 * their original order (keys alone cannot tell -0.0 from 0.0).
 *
 * np.sort (not argsort) of a row of up to KEY_SORT_MAX keys goes through the caller's key
 * sort instead when it has one (Highway's vqsort, AVX-512 or AVX2: 1M int64 keys in about
 * 8 ms where the radix sort takes about 20): equal keys are equal values but for the zeros,
 * which get their signs back as above, so its instability cannot show. Past KEY_SORT_MAX the
 * radix sort runs, which polls for Ctrl-C and the run's limits between its passes. */
#include <math.h>
#include <string.h>

#include "../../../vm/error.h"
#include "../../../vm/gc.h"
#include "../../array/array.h"

#define MSD_BITS     11 /* the digit of the most-significant-first passes */
#define MSD_BUCKETS  (1 << MSD_BITS)
#define MSD_LEVELS   6     /* ceil(64 / 11) */
#define LSD_CUTOFF   16384 /* a run this short is sorted in cache, least significant digit first */
#define MERGE_CUTOFF 1024  /* and one this short by a merge sort */
#define KEY_SORT_MAX (1 << 24) /* about 0.2 s of the key sort, which cannot be interrupted */

typedef struct SortBuf {
    uint64_t *key, *ktmp;
    int64_t *pos, *ptmp;
    int64_t *count; /* (MSD_LEVELS + 1) x MSD_BUCKETS: one row per MSD level, one for LSD */
    int64_t cap;
    bool with_pos;
    uint64_t lo; /* the row's smallest key: digits are taken from key - lo */
} SortBuf;

#define SORTBUF_COUNTS ((size_t)(MSD_LEVELS + 1) * MSD_BUCKETS)

/* Keys and their scratch, the digit counts, and for argsort positions and their scratch. */
static size_t sortbuf_bytes(int64_t cap, bool with_pos) {
    return sizeof(uint64_t) * (size_t)cap * (with_pos ? 4 : 2) + sizeof(int64_t) * SORTBUF_COUNTS;
}

static bool sortbuf_alloc(Interp *I, SortBuf *b, int64_t n, bool with_pos) {
    memset(b, 0, sizeof *b);
    b->cap = n > 0 ? n : 1;
    b->with_pos = with_pos;
    b->key = mem_alloc(I, sortbuf_bytes(b->cap, with_pos));
    if (!b->key) return false;
    b->ktmp = b->key + b->cap;
    b->count = (int64_t *)(void *)(b->ktmp + b->cap);
    if (with_pos) {
        b->pos = b->count + SORTBUF_COUNTS;
        b->ptmp = b->pos + b->cap;
    }
    return true;
}

static void sortbuf_free(Interp *I, SortBuf *b) {
    if (b->key) mem_free(I, b->key, sortbuf_bytes(b->cap, b->with_pos));
}

/* Stable insertion sort of k[0..n) (and p). */
static void insertion(uint64_t *k, int64_t *p, int64_t n, bool with_pos) {
    for (int64_t i = 1; i < n; i++) {
        uint64_t x = k[i];
        int64_t px = with_pos ? p[i] : 0, j = i;
        for (; j > 0 && k[j - 1] > x; j--) {
            k[j] = k[j - 1];
            if (with_pos) p[j] = p[j - 1];
        }
        k[j] = x;
        if (with_pos) p[j] = px;
    }
}

/* Stable merge sort of k[0..n) (and p) with kt/pt scratch: insertion-sorted runs of 16, then
 * merges of doubling width. For short buckets, where a radix pass's counting would cost more
 * than the keys. */
static void merge(uint64_t *k, uint64_t *kt, int64_t *p, int64_t *pt, int64_t n, bool wp) {
    enum { RUN = 16 };
    for (int64_t lo = 0; lo < n; lo += RUN)
        insertion(k + lo, wp ? p + lo : NULL, lo + RUN < n ? RUN : n - lo, wp);
    uint64_t *ks = k, *kd = kt;
    int64_t *ps = p, *pd = pt;
    for (int64_t w = RUN; w < n; w *= 2) {
        for (int64_t lo = 0; lo < n; lo += 2 * w) {
            int64_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            int64_t i = lo, j = mid, o = lo;
            while (i < mid && j < hi) {
                bool right = ks[j] < ks[i];
                int64_t from = right ? j++ : i++;
                kd[o] = ks[from];
                if (wp) pd[o] = ps[from];
                o++;
            }
            for (; i < mid; i++, o++) {
                kd[o] = ks[i];
                if (wp) pd[o] = ps[i];
            }
            for (; j < hi; j++, o++) {
                kd[o] = ks[j];
                if (wp) pd[o] = ps[j];
            }
        }
        uint64_t *kx = ks;
        ks = kd;
        kd = kx;
        int64_t *px = ps;
        ps = pd;
        pd = px;
    }
    if (ks != k) {
        memcpy(k, ks, sizeof(uint64_t) * (size_t)n);
        if (wp) memcpy(p, ps, sizeof(int64_t) * (size_t)n);
    }
}

/* LSD radix sort of k[0..n) on its low `bits` bits (the others are equal), 8-bit digits,
 * kt/pt scratch of n; a digit every key shares is skipped. */
static void lsd(SortBuf *b, uint64_t *k, uint64_t *kt, int64_t *p, int64_t *pt, int64_t n,
                int bits) {
    bool wp = b->with_pos;
    uint64_t lo = b->lo, *k0 = k;
    int64_t *p0 = p;
    int64_t *c = b->count + (size_t)MSD_LEVELS * MSD_BUCKETS;
    for (int shift = 0; shift < bits; shift += 8) {
        memset(c, 0, sizeof(int64_t) * 256);
        for (int64_t i = 0; i < n; i++)
            c[((k[i] - lo) >> shift) & 255]++;
        if (c[((k[0] - lo) >> shift) & 255] == n) continue;
        int64_t sum = 0;
        for (int j = 0; j < 256; j++) {
            int64_t t = c[j];
            c[j] = sum;
            sum += t;
        }
        for (int64_t i = 0; i < n; i++) {
            int64_t at = c[((k[i] - lo) >> shift) & 255]++;
            kt[at] = k[i];
            if (wp) pt[at] = p[i];
        }
        uint64_t *ks = k;
        k = kt;
        kt = ks;
        int64_t *ps = p;
        p = pt;
        pt = ps;
    }
    if (k != k0) {
        memcpy(k0, k, sizeof(uint64_t) * (size_t)n);
        if (wp) memcpy(p0, p, sizeof(int64_t) * (size_t)n);
    }
}

/* MSD radix sort of k[0..n) whose bits at and above `bits` are equal: one stable scatter by
 * the next 11 bits (through the scratch, copied back), then each bucket on its own. */
static bool msd(Interp *I, SortBuf *b, int64_t off, int64_t n, int bits, int level) {
    uint64_t *k = b->key + off, *kt = b->ktmp + off;
    int64_t *p = b->pos + off, *pt = b->ptmp + off;
    bool wp = b->with_pos;
    uint64_t lo = b->lo;
    if (n <= 16 || bits <= 0) {
        if (bits > 0) insertion(k, p, n, wp);
        return true;
    }
    if (n <= MERGE_CUTOFF) {
        merge(k, kt, p, pt, n, wp);
        return true;
    }
    if (n <= LSD_CUTOFF || level >= MSD_LEVELS) {
        lsd(b, k, kt, p, pt, n, bits);
        return true;
    }
    if (level < 2 && !interp_poll(I)) return false;
    int d = bits < MSD_BITS ? bits : MSD_BITS, shift = bits - d;
    int64_t *c = b->count + (size_t)level * MSD_BUCKETS, mask = ((int64_t)1 << d) - 1;
    memset(c, 0, sizeof(int64_t) * MSD_BUCKETS);
    for (int64_t i = 0; i < n; i++)
        c[((k[i] - lo) >> shift) & (uint64_t)mask]++;
    if (c[((k[0] - lo) >> shift) & (uint64_t)mask] != n) {
        int64_t sum = 0;
        for (int64_t j = 0; j <= mask; j++) {
            int64_t t = c[j];
            c[j] = sum;
            sum += t;
        }
        for (int64_t i = 0; i < n; i++) {
            int64_t at = c[((k[i] - lo) >> shift) & (uint64_t)mask]++;
            kt[at] = k[i];
            if (wp) pt[at] = p[i];
        }
        memcpy(k, kt, sizeof(uint64_t) * (size_t)n);
        if (wp) memcpy(p, pt, sizeof(int64_t) * (size_t)n);
    } else {
        return msd(I, b, off, n, shift, level + 1);
    }
    /* c[j] is now the end of bucket j */
    int64_t start = 0;
    for (int64_t j = 0; j <= mask; j++) {
        int64_t end = c[j];
        if (end - start > 1 && !msd(I, b, off + start, end - start, shift, level + 1)) return false;
        start = end;
    }
    return true;
}

/* Sort b->key[0..n) (and b->pos) whose smallest and largest keys are lo and hi: only the
 * bits in which keys differ from lo are sorted. */
static bool radix(Interp *I, SortBuf *b, int64_t n, uint64_t lo, uint64_t hi) {
    if (n < 2 || lo == hi) return true;
    b->lo = lo;
    return msd(I, b, 0, n, 64 - __builtin_clzll(hi - lo), 0);
}

/* ---- keys: order-preserving maps to unsigned integers, and back ---- */

static inline uint64_t key_f64(double f) {
    uint64_t v;
    memcpy(&v, &f, 8);
    if (f != f) return UINT64_MAX;
    if (f == 0) return 0x8000000000000000u; /* -0.0 with 0.0 */
    return v >> 63 ? ~v : v | 0x8000000000000000u;
}
static inline double unkey_f64(uint64_t k) {
    if (k == UINT64_MAX) return NAN;
    uint64_t v = k >> 63 ? k & 0x7FFFFFFFFFFFFFFFu : ~k;
    double f;
    memcpy(&f, &v, 8);
    return f;
}
static inline uint64_t key_f32(float f) {
    uint32_t v;
    memcpy(&v, &f, 4);
    if (f != f) return 0xFFFFFFFFu;
    if (f == 0) return 0x80000000u;
    return v >> 31 ? (uint32_t)~v : v | 0x80000000u;
}
static inline float unkey_f32(uint64_t k) {
    uint32_t v = (uint32_t)k;
    if (v == 0xFFFFFFFFu) return NAN;
    v = v >> 31 ? v & 0x7FFFFFFFu : ~v;
    float f;
    memcpy(&f, &v, 4);
    return f;
}

/* Fill b->key from the row at p (stride st) with element type T and key function KEY; lo/hi
 * receive the extremes. */
#define LOAD_KEYS(T, KEY)                                                                          \
    for (int64_t j = 0; j < len; j++) {                                                            \
        T v;                                                                                       \
        memcpy(&v, row + j * sst, sizeof v);                                                       \
        uint64_t k = KEY;                                                                          \
        b.key[j] = k;                                                                              \
        lo = k < lo ? k : lo;                                                                      \
        hi = k > hi ? k : hi;                                                                      \
    }
#define STORE_KEYS(T, VAL)                                                                         \
    for (int64_t j = 0; j < len; j++) {                                                            \
        uint64_t k = b.key[j];                                                                     \
        T v = (T)(VAL);                                                                            \
        memcpy(rp + j * rst, &v, sizeof v);                                                        \
    }

/* The zeros of a float row sorted by keys alone (which merge -0.0 into 0.0) get their signs
 * back: the run of zero keys takes the row's zeros in their original order (stable). */
static void restore_zeros(const SortBuf *b, int64_t len, const char *row, int64_t sst, char *rp,
                          int64_t rst, int dt) {
    uint64_t zk = dt == DT_FLOAT64 ? 0x8000000000000000u : 0x80000000u;
    int64_t at = 0;
    while (at < len && b->key[at] < zk)
        at++;
    int isz = dt == DT_FLOAT64 ? 8 : 4;
    for (int64_t j = 0; j < len && at < len && b->key[at] == zk; j++) {
        const char *q = row + j * sst;
        bool zero = dt == DT_FLOAT64 ? *(const double *)(const void *)q == 0
                                     : *(const float *)(const void *)q == 0;
        if (zero) memcpy(rp + at++ * rst, q, (size_t)isz);
    }
}

Array *arr_fast_sort(Interp *I, Array *a, int ax, bool arg, ArrKeySort key_sort, void *ks,
                     bool *handled) {
    int dt = a->dtype;
    *handled = false;
    switch (dt) {
    case DT_BOOL:
    case DT_UINT8:
    case DT_UINT16:
    case DT_UINT32:
    case DT_UINT64:
    case DT_INT8:
    case DT_INT16:
    case DT_INT32:
    case DT_INT64:
    case DT_FLOAT32:
    case DT_FLOAT64: break;
    default: return NULL;
    }
    *handled = true;
    Array *r = arr_new_uninit(I, arg ? DT_INT64 : dt, a->ndim, a->shape);
    if (!r) return NULL;
    int64_t len = a->shape[ax];
    if (a->size == 0) return r;
    SortBuf b;
    if (!sortbuf_alloc(I, &b, len, arg)) return NULL;
    Array ov = *a;
    ov.shape[ax] = 1;
    ov.size = a->size / len;
    int64_t sst = a->strides[ax], rst = r->strides[ax];
    ArrIter it;
    arr_iter_init(&it, &ov);
    for (int64_t n = 0; n < ov.size; n++, arr_iter_next(&it, &ov)) {
        const char *row = it.p;
        uint64_t lo = UINT64_MAX, hi = 0;
        switch (dt) {
        case DT_BOOL:
        case DT_UINT8: LOAD_KEYS(uint8_t, v) break;
        case DT_UINT16: LOAD_KEYS(uint16_t, v) break;
        case DT_UINT32: LOAD_KEYS(uint32_t, v) break;
        case DT_UINT64: LOAD_KEYS(uint64_t, v) break;
        case DT_INT8: LOAD_KEYS(uint8_t, (uint8_t)(v ^ 0x80u)) break;
        case DT_INT16: LOAD_KEYS(uint16_t, (uint16_t)(v ^ 0x8000u)) break;
        case DT_INT32: LOAD_KEYS(uint32_t, v ^ 0x80000000u) break;
        case DT_INT64: LOAD_KEYS(uint64_t, v ^ 0x8000000000000000u) break;
        case DT_FLOAT32: LOAD_KEYS(float, key_f32(v)) break;
        default: LOAD_KEYS(double, key_f64(v)) break;
        }
        if (arg)
            for (int64_t j = 0; j < len; j++)
                b.pos[j] = j;
        /* charged to the run limits as a merge sort's polls would be: one per 64K of
         * n log n, half before the row and half after; Ctrl-C is seen between passes */
        int64_t charge = len * (64 - __builtin_clzll((uint64_t)len)) / ARR_POLL_CHUNK / 2;
        bool ok = true;
        for (int64_t w = 0; w < charge && ok; w++)
            ok = interp_poll(I);
        if (ok && key_sort && !arg && len > 1 && lo != hi && len <= KEY_SORT_MAX)
            key_sort(ks, b.key, (size_t)len); /* equal keys are equal values (zeros below) */
        else if (!ok || !radix(I, &b, len, lo, hi)) {
            sortbuf_free(I, &b);
            return NULL;
        }
        for (int64_t w = 0; w < charge && ok; w++)
            ok = interp_poll(I);
        if (!ok) {
            sortbuf_free(I, &b);
            return NULL;
        }
        char *rp = r->data;
        for (int d = 0; d < a->ndim; d++)
            rp += it.idx[d] * r->strides[d];
        if (arg) {
            for (int64_t j = 0; j < len; j++)
                memcpy(rp + j * rst, &b.pos[j], 8);
            continue;
        }
        switch (dt) {
        case DT_BOOL:
        case DT_UINT8: STORE_KEYS(uint8_t, k) break;
        case DT_UINT16: STORE_KEYS(uint16_t, k) break;
        case DT_UINT32: STORE_KEYS(uint32_t, k) break;
        case DT_UINT64: STORE_KEYS(uint64_t, k) break;
        case DT_INT8: STORE_KEYS(uint8_t, k ^ 0x80u) break;
        case DT_INT16: STORE_KEYS(uint16_t, k ^ 0x8000u) break;
        case DT_INT32: STORE_KEYS(uint32_t, k ^ 0x80000000u) break;
        case DT_INT64: STORE_KEYS(uint64_t, k ^ 0x8000000000000000u) break;
        case DT_FLOAT32:
            STORE_KEYS(float, unkey_f32(k))
            restore_zeros(&b, len, row, sst, rp, rst, dt);
            break;
        default:
            STORE_KEYS(double, unkey_f64(k))
            restore_zeros(&b, len, row, sst, rp, rst, dt);
            break;
        }
    }
    sortbuf_free(I, &b);
    return r;
}
