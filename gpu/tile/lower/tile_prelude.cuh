/* tile_prelude.cuh: the device-side half of the tile lowering (gpu/tile/lower/). Every
 * generated tile kernel is "#define KR_NT / KR_V", the kernel library's prelude
 * (gpu/codegen/cuda_source.c: kr_half, kr_bf16, kr_ld, NumPy-semantics math), this file,
 * then the kernel. CMake embeds it into the library as the string tile_prelude
 * (cmake/embed_text.cmake), so nothing is read at run time; NVRTC compiles it with the
 * kernel (it has no toolkit headers: no <type_traits>, no cuda_fp16.h, hence the small
 * traits and the inline PTX below).
 *
 * The layout (docs/TILES.md, "Lowering"): a block of KR_NT threads holds every tile; a tile
 * of N elements in row-major order is cut into chunks of KR_V consecutive elements, chunk c
 * lives in thread c % KR_NT at register slots (c / KR_NT) * KR_V ... + KR_V - 1. Register
 * arrays are indexed only inside fully unrolled loops (KR_FOR), so every index is a
 * compile-time constant and the arrays stay in registers. Rank-0 values (scalars) are plain
 * variables every thread holds. Ops that move elements between threads (reductions, scans,
 * broadcasts, permutes, cat, extract, mma) go through the one dynamic shared-memory buffer
 * kr_smem, which the launch sizes to the largest need of the kernel.
 *
 * The big families are compiled only when the kernel uses them (the lowering defines
 * KR_NEED_ATOMIC, KR_NEED_ARG, KR_NEED_SCAN, KR_NEED_MMA, KR_NEED_PRINT), which keeps NVRTC's
 * parse of the prelude short for the common kernel. */
#define KR_FOR(r, n) _Pragma("unroll") for (int r = 0; r < (n); r++)
#define KR_DEV __device__ __forceinline__
/* a loop of the whole block over n work items, kept rolled (code size, compile time) */
#define KR_BLOCK_LOOP(w, n) _Pragma("unroll 1") for (int w = (int)threadIdx.x; w < (n); w += KR_NT)
typedef unsigned short u16;
typedef unsigned int u32;
/* type traits (NVRTC has no <type_traits> without the toolkit's headers) */
template <class A, class B> struct kr_same { static constexpr bool value = false; };
template <class A> struct kr_same<A, A> { static constexpr bool value = true; };
template <bool C, class A, class B> struct kr_if { typedef A type; };
template <class A, class B> struct kr_if<false, A, B> { typedef B type; };
template <class T> struct kr_is_float { static constexpr bool value = kr_same<T, float>::value || kr_same<T, double>::value; };
template <class T> struct kr_is_int { static constexpr bool value = !kr_is_float<T>::value && !kr_same<T, bool>::value; };
/* cuTile's max/min (ct.maximum/minimum, ct.max/min, atomic_max/min): a NaN operand is
 * ignored, as IEEE maxNum / C's fmax and the CPU path (the kernel library's kr_max is
 * NumPy's, which propagates NaN); propagate_nan=True is the front's select around it */
template <class T> KR_DEV T kr_maxnum(T a, T b) { return (a >= b || kr_isnan(b)) ? a : b; }
template <class T> KR_DEV T kr_minnum(T a, T b) { return (a <= b || kr_isnan(b)) ? a : b; }
template <class T> struct kr_unptr;
template <class T> struct kr_unptr<T *> { typedef T type; };
template <class T> struct kr_unptr<const T *> { typedef T type; };

/* ---- the layout: a tile of N elements in row-major order is cut into chunks of KR_V
 * consecutive elements; chunk c lives in thread c % KR_NT, register slots
 * (c / KR_NT) * KR_V ... + KR_V - 1. Thread t's slot r holds element t * KR_V + kr_off(r).
 * A tile of at most KR_V elements lives in thread 0 alone, slots 0..N-1. ---- */
__host__ __device__ constexpr int kr_nslots(int n) {
    return n <= KR_V ? n : ((n + KR_NT * KR_V - 1) / (KR_NT * KR_V)) * KR_V;
}
__host__ __device__ constexpr int kr_off(int r) {
    return (r / KR_V) * KR_NT * KR_V + r % KR_V;
}
KR_DEV int kr_e(int r) { return (int)threadIdx.x * KR_V + kr_off(r); }
/* Whether this thread's slot r of an n-element tile holds an element. */
KR_DEV bool kr_valid(int r, int n) { return kr_e(r) < n; }

/* A compile-time shape (or any list of ints). */
template <int... D> struct KrS {
    static constexpr int rank = sizeof...(D);
    static constexpr int size = (1 * ... * D);
    static constexpr int R = kr_nslots((1 * ... * D));
    __host__ __device__ static constexpr int at(int i) {
        constexpr int d[] = {D..., 0};
        return d[i];
    }
    /* row-major stride of dim i, in elements */
    __host__ __device__ static constexpr int stride(int i) {
        int s = 1;
        for (int k = rank - 1; k > i; k--) s *= at(k);
        return s;
    }
    /* coordinate i of element e (unsigned math: e is never negative; dim 0 needs no
     * modulo for the elements of the tile, and callers check e < size) */
    KR_DEV static int coord(int e, int i) {
        return i == 0 ? (int)((unsigned)e / (unsigned)stride(0))
                      : (int)(((unsigned)e / (unsigned)stride(i)) % (unsigned)at(i));
    }
};
__host__ __device__ constexpr int kr_pow2ceil(int n) {
    int p = 1;
    while (p < n) p *= 2;
    return p;
}
__host__ __device__ constexpr int kr_cmin(int a, int b) { return a < b ? a : b; }
__host__ __device__ constexpr int kr_cmax(int a, int b) { return a > b ? a : b; }

/* ---- more storage types: fp8 (registers are float) ---- */
struct __align__(1) kr_e4m3 { unsigned char x; };
struct __align__(1) kr_e5m2 { unsigned char x; };
KR_DEV float kr_ld(kr_e4m3 v) {
    unsigned h; unsigned short s = v.x;
    asm("cvt.rn.f16x2.e4m3x2 %0, %1;" : "=r"(h) : "h"(s));
    return kr_ld(kr_half{(unsigned short)(h & 0xffff)});
}
KR_DEV float kr_ld(kr_e5m2 v) {
    unsigned h; unsigned short s = v.x;
    asm("cvt.rn.f16x2.e5m2x2 %0, %1;" : "=r"(h) : "h"(s));
    return kr_ld(kr_half{(unsigned short)(h & 0xffff)});
}
KR_DEV float kr_tf32(float f) {
    unsigned u; asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(u) : "f"(f)); return __uint_as_float(u);
}

/* kr_st<S>(x): register value x converted to storage type S (NumPy's casts: a float stored
 * to an int truncates toward zero). */
template <class S> struct KrSt {
    template <class T> KR_DEV static S f(T x) { return (S)x; }
};
template <> struct KrSt<bool> {
    template <class T> KR_DEV static bool f(T x) { return x != T(0); }
};
template <> struct KrSt<kr_half> {
    template <class T> KR_DEV static kr_half f(T x) { return kr_to_f16((float)x); }
    KR_DEV static kr_half f(double x) { return kr_to_f16(x); }
};
template <> struct KrSt<kr_bf16> {
    template <class T> KR_DEV static kr_bf16 f(T x) { return kr_to_bf16((float)x); }
};
template <> struct KrSt<kr_e4m3> {
    template <class T> KR_DEV static kr_e4m3 f(T x) {
        unsigned short h; float v = (float)x;
        asm("cvt.rn.satfinite.e4m3x2.f32 %0, %1, %2;" : "=h"(h) : "f"(0.0f), "f"(v));
        return kr_e4m3{(unsigned char)(h & 0xff)};
    }
};
template <> struct KrSt<kr_e5m2> {
    template <class T> KR_DEV static kr_e5m2 f(T x) {
        unsigned short h; float v = (float)x;
        asm("cvt.rn.satfinite.e5m2x2.f32 %0, %1, %2;" : "=h"(h) : "f"(0.0f), "f"(v));
        return kr_e5m2{(unsigned char)(h & 0xff)};
    }
};
template <class S, class T> KR_DEV S kr_st(T x) { return KrSt<S>::f(x); }

/* kr_cvt<T>(x): a register value converted to another register type, rounding through the
 * storage type where the target is narrower than its register (float16 held in a float). */
template <class T> struct KrCvt {
    template <class F> KR_DEV static T f(F x) { return (T)x; }
};
template <> struct KrCvt<bool> {
    template <class F> KR_DEV static bool f(F x) { return x != F(0); }
};
template <class T, class F> KR_DEV T kr_cvt(F x) { return KrCvt<T>::f(x); }
KR_DEV float kr_round_f16(float x) { return kr_rh(x); }
KR_DEV float kr_round_bf16(float x) { return kr_rb(x); }
KR_DEV float kr_round_e4m3(float x) { return kr_ld(kr_st<kr_e4m3>(x)); }
KR_DEV float kr_round_e5m2(float x) { return kr_ld(kr_st<kr_e5m2>(x)); }

/* bitcast between same-size register types */
template <class T, class F> KR_DEV T kr_bitcast(F x) {
    static_assert(sizeof(T) == sizeof(F), "bitcast needs equal sizes");
    union { F f; T t; } u; u.f = x; return u.t;
}

/* ---- padding values (ct.PaddingMode) ---- */
enum { KR_PAD_ZERO, KR_PAD_NEG_ZERO, KR_PAD_NAN, KR_PAD_POS_INF, KR_PAD_NEG_INF };
template <class T> KR_DEV T kr_pad(int mode) {
    if (mode == KR_PAD_NEG_ZERO) return (T)(-0.0);
    if (mode == KR_PAD_NAN) return (T)__longlong_as_double(0x7ff8000000000000ll);
    if (mode == KR_PAD_POS_INF) return (T)__longlong_as_double(0x7ff0000000000000ll);
    if (mode == KR_PAD_NEG_INF) return (T)__longlong_as_double((long long)0xfff0000000000000ull);
    return T(0);
}

/* ---- array arguments: data pointer, shape and strides in elements ---- */
template <class S, int RANK> struct KrArr {
    S *p;
    i64 shape[RANK > 0 ? RANK : 1];
    i64 stride[RANK > 0 ? RANK : 1];
};

/* One chunk of V storage elements from p (16-byte aligned when V * sizeof(S) is 16). */
template <class S, int V> struct __align__(kr_cmin(16, (int)sizeof(S) * V)) KrChunk { S v[V]; };
template <class S, int V> KR_DEV void kr_ld_chunk(const S *p, S (&out)[V]) {
    constexpr int bytes = (int)sizeof(S) * V;
    if constexpr (bytes <= 16 && (bytes & (bytes - 1)) == 0) {
        KrChunk<S, V> c = *(const KrChunk<S, V> *)p;
        KR_FOR(j, V) out[j] = c.v[j];
    } else {
        constexpr int W = 16 / (int)sizeof(S);
        static_assert(V % W == 0, "chunk is not a whole number of 16-byte vectors");
        KR_FOR(w, V / W) {
            KrChunk<S, W> c = ((const KrChunk<S, W> *)p)[w];
            KR_FOR(j, W) out[w * W + j] = c.v[j];
        }
    }
}
template <class S, int V> KR_DEV void kr_st_chunk(S *p, const S (&in)[V]) {
    constexpr int bytes = (int)sizeof(S) * V;
    if constexpr (bytes <= 16 && (bytes & (bytes - 1)) == 0) {
        KrChunk<S, V> c;
        KR_FOR(j, V) c.v[j] = in[j];
        *(KrChunk<S, V> *)p = c;
    } else {
        constexpr int W = 16 / (int)sizeof(S);
        static_assert(V % W == 0, "chunk is not a whole number of 16-byte vectors");
        KR_FOR(w, V / W) {
            KrChunk<S, W> c;
            KR_FOR(j, W) c.v[j] = in[w * W + j];
            ((KrChunk<S, W> *)p)[w] = c;
        }
    }
}

#ifndef KR_EXACT
/* (the exact variant's loads and stores are plain C written by the lowering:
 * lower_memory.c) */
/* ---- ct.load / ct.store: a tile of shape TS whose dim d runs along array axis AX::at(d);
 * org[axis] is the tile's first element along each array axis (index * tile shape). Out of
 * bounds elements read `pad` and are not stored. A chunk goes through one vector access
 * when the tile's last dim runs along a unit-stride last axis, V divides it, the chunk is
 * in bounds and the addresses are aligned to the chunk (decided per tile at run time). */
template <class TS, class AX, int RANK> struct KrTileMap {
    static_assert(TS::rank == RANK && AX::rank == RANK, "tile rank must equal array rank");
    static constexpr int last_axis = RANK > 0 ? AX::at(RANK - 1) : 0;
    static constexpr bool can_vec =
        KR_V > 1 && RANK > 0 && last_axis == RANK - 1 && TS::at(RANK - 1) % KR_V == 0 &&
        TS::size > KR_V;
    /* The tile's origin resolved once: the offset of its first element and, per tile dim,
     * the range of coordinates inside the array (clamped to int; tiles are small). */
    struct Base {
        i64 off;
        int lo[RANK > 0 ? RANK : 1], hi[RANK > 0 ? RANK : 1];
        i64 st[RANK > 0 ? RANK : 1];
    };
    template <class A> KR_DEV static Base base(const A &a, const i64 (&org)[RANK]) {
        Base b;
        b.off = 0;
        KR_FOR(d, RANK) {
            const int ax = AX::at(d);
            const i64 o = org[ax];
            b.off += o * a.stride[ax];
            b.st[d] = a.stride[ax];
            const i64 lo = -o, hi = a.shape[ax] - o;
            b.lo[d] = lo > 0 ? (lo > TS::at(d) ? TS::at(d) : (int)lo) : 0;
            b.hi[d] = hi < TS::at(d) ? (hi < 0 ? 0 : (int)hi) : TS::at(d);
        }
        return b;
    }
    /* element offset of tile element e; false when outside the array */
    KR_DEV static bool locate(const Base &b, int e, i64 *off) {
        i64 o = b.off;
        bool in = e < TS::size;
        KR_FOR(d, RANK) {
            const int c = TS::coord(e, d);
            in = in && c >= b.lo[d] && c < b.hi[d];
            o += (i64)c * b.st[d];
        }
        *off = o;
        return in;
    }
    /* element offset of tile element e of a tile known to be inside the array */
    KR_DEV static i64 offset(const Base &b, int e) {
        i64 o = b.off;
        KR_FOR(d, RANK) o += (i64)TS::coord(e, d) * b.st[d];
        return o;
    }
    template <class A> KR_DEV static bool vec_ok(const A &a, const i64 (&org)[RANK]) {
        if constexpr (!can_vec) {
            return false;
        } else {
            typedef typename kr_unptr<decltype(a.p)>::type S;
            constexpr i64 align = kr_cmin(16, (int)sizeof(S) * KR_V);
            bool ok = a.stride[RANK - 1] == 1 && ((u64)a.p % align) == 0 &&
                      (org[RANK - 1] * (i64)sizeof(S)) % align == 0;
            KR_FOR(d, RANK - 1) ok = ok && (a.stride[d] * (i64)sizeof(S)) % align == 0;
            return ok;
        }
    }
};

/* Whether the whole tile is inside the array. */
template <class TS, class AX, class A, int RANK>
KR_DEV bool kr_tile_inside(const A &a, const i64 (&org)[RANK]) {
    bool in = true;
    KR_FOR(d, RANK) {
        const int ax = AX::at(d);
        in = in && org[ax] >= 0 && org[ax] + TS::at(d) <= a.shape[ax];
    }
    return in;
}
template <class TS, class AX, class S, class T, int RANK>
KR_DEV void kr_load(T (&out)[TS::R], const KrArr<S, RANK> &a, const i64 (&org)[RANK], T pad) {
    typedef KrTileMap<TS, AX, RANK> M;
    if constexpr (M::can_vec) {
        if (M::vec_ok(a, org) && kr_tile_inside<TS, AX>(a, org)) {
            const typename M::Base b = M::base(a, org);
            KR_FOR(c, TS::R / KR_V) {
                const int e0 = kr_e(c * KR_V);
                if (e0 < TS::size) {
                    S tmp[KR_V];
                    kr_ld_chunk<S, KR_V>(a.p + M::offset(b, e0), tmp);
                    KR_FOR(j, KR_V) out[c * KR_V + j] = (T)kr_ld(tmp[j]);
                }
            }
            return;
        }
    }
    const typename M::Base b = M::base(a, org);
    KR_FOR(r, TS::R) {
        i64 o;
        bool ok = M::locate(b, kr_e(r), &o);
        out[r] = ok ? (T)kr_ld(a.p[o]) : pad;
    }
}

template <class TS, class AX, class S, class T, int RANK>
KR_DEV void kr_store(const KrArr<S, RANK> &a, const i64 (&org)[RANK], const T (&in)[TS::R]) {
    typedef KrTileMap<TS, AX, RANK> M;
    if constexpr (M::can_vec) {
        if (M::vec_ok(a, org) && kr_tile_inside<TS, AX>(a, org)) {
            const typename M::Base b = M::base(a, org);
            KR_FOR(c, TS::R / KR_V) {
                const int e0 = kr_e(c * KR_V);
                if (e0 < TS::size) {
                    S tmp[KR_V];
                    KR_FOR(j, KR_V) tmp[j] = kr_st<S>(in[c * KR_V + j]);
                    kr_st_chunk<S, KR_V>(a.p + M::offset(b, e0), tmp);
                }
            }
            return;
        }
    }
    const typename M::Base b = M::base(a, org);
    KR_FOR(r, TS::R) {
        i64 o;
        if (M::locate(b, kr_e(r), &o)) a.p[o] = kr_st<S>(in[r]);
    }
}

#endif /* KR_EXACT */

/* ---- gather / scatter of one element: idx holds the element's index along each axis.
 * Out of bounds (when checked) or masked off: the padding value / no store. ---- */
template <class A, int RANK>
KR_DEV bool kr_elem_at(const A &a, const i64 (&idx)[RANK], bool check, i64 *off) {
    i64 o = 0;
    bool in = true;
    KR_FOR(d, RANK) {
        in = in && (!check || (idx[d] >= 0 && idx[d] < a.shape[d]));
        o += idx[d] * a.stride[d];
    }
    *off = o;
    return in;
}
template <class T, class S, int RANK>
KR_DEV T kr_gather1(const KrArr<S, RANK> &a, const i64 (&idx)[RANK], bool mask, bool check,
                    T pad) {
    i64 o;
    return (mask && kr_elem_at(a, idx, check, &o)) ? (T)kr_ld(a.p[o]) : pad;
}
template <class T, class S, int RANK>
KR_DEV void kr_scatter1(const KrArr<S, RANK> &a, const i64 (&idx)[RANK], bool mask, bool check,
                        T v) {
    i64 o;
    if (mask && kr_elem_at(a, idx, check, &o)) a.p[o] = kr_st<S>(v);
}

#ifdef KR_NEED_ATOMIC
/* ---- atomics on one element: kr_atomic<op>(p, value) returns the old value. Widths CUDA
 * has no instruction for (1 and 2 bytes, float max/min, float16) use a compare-and-swap
 * loop on the aligned word that holds the element. ---- */
enum { KR_AT_ADD, KR_AT_MAX, KR_AT_MIN, KR_AT_AND, KR_AT_OR, KR_AT_XOR, KR_AT_XCHG };
template <class S> KR_DEV S kr_at_apply(int op, S old, S v) {
    typedef decltype(kr_ld(old)) T;
    T a = kr_ld(old), b = kr_ld(v);
    switch (op) {
    case KR_AT_ADD: return kr_st<S>(a + b);
    case KR_AT_MAX: return kr_st<S>(kr_maxnum(a, b));
    case KR_AT_MIN: return kr_st<S>(kr_minnum(a, b));
    case KR_AT_XCHG: return v;
    default: break;
    }
    if constexpr (kr_is_int<T>::value) {
        if (op == KR_AT_AND) return kr_st<S>(a & b);
        if (op == KR_AT_OR) return kr_st<S>(a | b);
        if (op == KR_AT_XOR) return kr_st<S>(a ^ b);
    }
    return v;
}
template <class S> KR_DEV S kr_atomic_cas_loop(S *p, int op, S v) {
    static_assert(sizeof(S) <= 8, "atomic on a wide type");
    if constexpr (sizeof(S) == 8) {
        unsigned long long *w = (unsigned long long *)p, cur = *w, prev;
        do {
            prev = cur;
            S old = kr_bitcast<S>(prev);
            cur = atomicCAS(w, prev, kr_bitcast<unsigned long long>(kr_at_apply(op, old, v)));
        } while (cur != prev);
        return kr_bitcast<S>(prev);
    } else if constexpr (sizeof(S) == 4) {
        unsigned *w = (unsigned *)p, cur = *w, prev;
        do {
            prev = cur;
            S old = kr_bitcast<S>(prev);
            cur = atomicCAS(w, prev, kr_bitcast<unsigned>(kr_at_apply(op, old, v)));
        } while (cur != prev);
        return kr_bitcast<S>(prev);
    } else {
        /* 1 or 2 bytes inside an aligned 32-bit word */
        u64 addr = (u64)p;
        unsigned *w = (unsigned *)(addr & ~(u64)3);
        const int shift = (int)(addr & 3) * 8;
        const unsigned mask = (sizeof(S) == 1 ? 0xffu : 0xffffu) << shift;
        unsigned cur = *w, prev;
        S old;
        do {
            prev = cur;
            typedef typename kr_if<sizeof(S) == 1, unsigned char, u16>::type B;
            old = kr_bitcast<S>((B)((prev & mask) >> shift));
            unsigned nv = (unsigned)kr_bitcast<B>(kr_at_apply(op, old, v)) << shift;
            cur = atomicCAS(w, prev, (prev & ~mask) | (nv & mask));
        } while (cur != prev);
        return old;
    }
}
template <class S> KR_DEV S kr_atomic(int op, S *p, S v) {
    if constexpr (kr_same<S, int>::value || kr_same<S, unsigned>::value ||
                  kr_same<S, unsigned long long>::value) {
        switch (op) {
        case KR_AT_ADD: return atomicAdd(p, v);
        case KR_AT_MAX: return atomicMax(p, v);
        case KR_AT_MIN: return atomicMin(p, v);
        case KR_AT_AND: return atomicAnd(p, v);
        case KR_AT_OR: return atomicOr(p, v);
        case KR_AT_XOR: return atomicXor(p, v);
        case KR_AT_XCHG: return atomicExch(p, v);
        }
    } else if constexpr (kr_same<S, i64>::value) {
        unsigned long long *q = (unsigned long long *)p, u = (unsigned long long)v;
        switch (op) {
        case KR_AT_ADD: return (i64)atomicAdd(q, u);
        case KR_AT_MAX: return atomicMax(p, v);
        case KR_AT_MIN: return atomicMin(p, v);
        case KR_AT_AND: return (i64)atomicAnd(q, u);
        case KR_AT_OR: return (i64)atomicOr(q, u);
        case KR_AT_XOR: return (i64)atomicXor(q, u);
        case KR_AT_XCHG: return (i64)atomicExch(q, u);
        }
    } else if constexpr (kr_same<S, float>::value || kr_same<S, double>::value) {
        if (op == KR_AT_ADD) return atomicAdd(p, v);
        if (op == KR_AT_XCHG) return kr_bitcast<S>(kr_atomic(op, (typename kr_if<sizeof(S) == 4, unsigned, unsigned long long>::type *)p, kr_bitcast<typename kr_if<sizeof(S) == 4, unsigned, unsigned long long>::type>(v)));
    }
    return kr_atomic_cas_loop(p, op, v);
}
/* compare-and-swap: stores v where the element equals cmp; returns the old value */
template <class S> KR_DEV S kr_atomic_cas(S *p, S cmp, S v) {
    if constexpr (sizeof(S) == 8) {
        return kr_bitcast<S>(atomicCAS((unsigned long long *)p, kr_bitcast<unsigned long long>(cmp),
                                       kr_bitcast<unsigned long long>(v)));
    } else if constexpr (sizeof(S) == 4) {
        return kr_bitcast<S>(atomicCAS((unsigned *)p, kr_bitcast<unsigned>(cmp), kr_bitcast<unsigned>(v)));
    } else if constexpr (sizeof(S) == 2) {
        return kr_bitcast<S>(atomicCAS((unsigned short *)p, kr_bitcast<unsigned short>(cmp),
                                       kr_bitcast<unsigned short>(v)));
    } else {
        u64 addr = (u64)p;
        unsigned *w = (unsigned *)(addr & ~(u64)3);
        const int shift = (int)(addr & 3) * 8;
        unsigned cur = *w, prev;
        unsigned char old;
        do {
            prev = cur;
            old = (unsigned char)(prev >> shift);
            if (old != kr_bitcast<unsigned char>(cmp)) break;
            cur = atomicCAS(w, prev, (prev & ~(0xffu << shift)) |
                                         ((unsigned)kr_bitcast<unsigned char>(v) << shift));
        } while (cur != prev);
        return kr_bitcast<S>(old);
    }
}
/* memory order around an atomic: 0 relaxed, 1 acquire, 2 release, 3 acq_rel; scope 0 block,
 * 1 device, 2 system */
KR_DEV void kr_fence(int scope) {
    if (scope == 0) __threadfence_block();
    else if (scope == 1) __threadfence();
    else __threadfence_system();
}

#endif /* KR_NEED_ATOMIC */

/* ---- reduction operators: a struct per op with the identity and the combine ---- */
template <class T> struct KrSum {
    typedef T type;
    KR_DEV T id() const { return T(0); }
    KR_DEV T f(T a, T b) const { return a + b; }
};
template <class T> struct KrProd {
    typedef T type;
    KR_DEV T id() const { return T(1); }
    KR_DEV T f(T a, T b) const { return a * b; }
};
template <class T> KR_DEV T kr_lowest() {
    if constexpr (kr_is_float<T>::value) return -(T)__longlong_as_double(0x7ff0000000000000ll);
    else if constexpr (kr_same<T, bool>::value) return false;
    else if constexpr (T(-1) < T(0)) return (T)((T)1 << (sizeof(T) * 8 - 1));
    else return T(0);
}
template <class T> KR_DEV T kr_highest() {
    if constexpr (kr_is_float<T>::value) return (T)__longlong_as_double(0x7ff0000000000000ll);
    else if constexpr (kr_same<T, bool>::value) return true;
    else if constexpr (T(-1) < T(0)) return (T)~((T)1 << (sizeof(T) * 8 - 1));
    else return (T)~T(0);
}
template <class T> struct KrMax {
    typedef T type;
    KR_DEV T id() const { return kr_lowest<T>(); }
    KR_DEV T f(T a, T b) const { return kr_maxnum(a, b); }
};
template <class T> struct KrMin {
    typedef T type;
    KR_DEV T id() const { return kr_highest<T>(); }
    KR_DEV T f(T a, T b) const { return kr_minnum(a, b); }
};
template <class T> struct KrAnd {
    typedef T type;
    KR_DEV T id() const { return (T)~T(0); }
    KR_DEV T f(T a, T b) const { return a & b; }
};
template <class T> struct KrOr {
    typedef T type;
    KR_DEV T id() const { return T(0); }
    KR_DEV T f(T a, T b) const { return a | b; }
};
template <class T> struct KrXor {
    typedef T type;
    KR_DEV T id() const { return T(0); }
    KR_DEV T f(T a, T b) const { return a ^ b; }
};

/* ct.reduce / ct.scan with the kernel's own combiner: a lambda and the identity */
template <class T, class F> struct KrCustom {
    typedef T type;
    T ident;
    F fn;
    KR_DEV T id() const { return ident; }
    KR_DEV T f(T a, T b) const { return fn(a, b); }
};
template <class T, class F> KR_DEV KrCustom<T, F> kr_custom(T ident, F fn) {
    return KrCustom<T, F>{ident, fn};
}

/* ---- shared memory: one dynamic buffer every block-wide op borrows in turn. Each op
 * starts with a barrier (the previous op's readers are done) and separates its writes from
 * its reads with another. ---- */
extern __shared__ __align__(16) unsigned char kr_smem[];

/* The one element of a 1-element tile (thread 0, slot 0) as a value every thread holds. */
template <class T> KR_DEV T kr_to_scalar(const T (&in)[1]) {
    T *s = (T *)kr_smem;
    __syncthreads();
    if (threadIdx.x == 0) s[0] = in[0];
    __syncthreads();
    return s[0];
}
/* A value thread 0 computed, given to every thread. */
template <class T> KR_DEV T kr_from_thread0(T v) {
    T one[1] = {v};
    return kr_to_scalar(one);
}

/* A tile of shape IN viewed as (outer, L, inner) around axis AXIS. */
template <class IN, int AXIS> struct KrAxis {
    static constexpr int L = IN::at(AXIS);
    static constexpr int inner = IN::stride(AXIS);
    static constexpr int outer = IN::size / (L * inner);
    static constexpr int P = outer * inner; /* number of lines */
    /* line index and position along the axis of element e */
    KR_DEV static int line(int e) { return (e / (L * inner)) * inner + e % inner; }
    KR_DEV static int pos(int e) { return (e / inner) % L; }
    /* the element at line p, position l */
    KR_DEV static int elem(int p, int l) { return (p / inner) * L * inner + l * inner + p % inner; }
};

/* Reduce along AXIS with OP: out is the tile with that axis dropped (or kept as 1: the same
 * layout). A tree over the block in shared memory: lines of L values padded with the
 * identity to a power of two. Needs IN::size rounded up per line * sizeof(T) bytes. */
template <class T> KR_DEV T kr_shfl_xor(T v, int m) {
    if constexpr (sizeof(T) == 8) {
        union { T t; long long b; } u;
        u.t = v;
        u.b = __shfl_xor_sync(0xffffffffu, u.b, m);
        return u.t;
    } else if constexpr (sizeof(T) == 4) {
        union { T t; unsigned b; } u;
        u.t = v;
        u.b = __shfl_xor_sync(0xffffffffu, u.b, m);
        return u.t;
    } else {
        return (T)__shfl_xor_sync(0xffffffffu, (int)v, m); /* bool, 1- and 2-byte ints */
    }
}
/* The row reduction (issue 19): along a last axis whose lines are whole chunks, each line
 * is spread over G threads, either every thread (a line of CL >= KR_NT chunks: each thread
 * holds CL / KR_NT chunks of every line) or G = CL consecutive threads (a line of fewer
 * chunks, CL a power of two dividing KR_NT). Each thread reduces its own elements, the
 * threads of a line combine by warp shuffles, then the W = G / 32 warps of a line through
 * W values per line in shared memory: no tree over every element, two barriers. */
template <class IN, int AXIS> struct KrRows {
    typedef KrAxis<IN, AXIS> X;
    static constexpr int CL = X::L / KR_V; /* chunks per line */
    static constexpr bool whole = X::inner == 1 && IN::size > KR_V && X::L % KR_V == 0;
    static constexpr bool spread = whole && CL % KR_NT == 0;
    static constexpr bool pow2 = (CL & (CL - 1)) == 0;
    static constexpr bool split = whole && !spread && KR_NT % CL == 0 && pow2;
    static constexpr bool ok = spread || split;
    static constexpr int G = spread ? KR_NT : CL; /* threads per line */
    static constexpr int S = G < 32 ? G : 32;     /* shuffle width */
    static constexpr int W = G > 32 ? G / 32 : 1; /* warps per line */
    static constexpr int NG = IN::R / KR_V;       /* this thread's chunks */
};
template <class IN, int AXIS, class T, class OP>
KR_DEV void kr_reduce_rows(T (&out)[kr_nslots(KrAxis<IN, AXIS>::P)], const T (&in)[IN::R],
                           const OP &op) {
    typedef KrRows<IN, AXIS> K;
    constexpr int P = K::X::P;
    T *s = (T *)kr_smem;
    const int t = threadIdx.x;
    __syncthreads();
    if constexpr (K::spread) {
        constexpr int per = K::CL / KR_NT; /* chunks of one line in each thread */
        KR_FOR(q, P) {
            T v = op.id();
            KR_FOR(g, per) KR_FOR(j, KR_V) v = op.f(v, in[(q * per + g) * KR_V + j]);
            KR_FOR(k, 5) {
                if ((16 >> k) < K::S) v = op.f(v, kr_shfl_xor(v, 16 >> k));
            }
            if (t % 32 == 0) s[q * K::W + t / 32] = v;
        }
    } else {
        KR_FOR(g, K::NG) {
            const int c = g * KR_NT + t, line = c / K::CL;
            T v = op.id();
            if (c * KR_V < IN::size) KR_FOR(j, KR_V) v = op.f(v, in[g * KR_V + j]);
            KR_FOR(k, 5) {
                if ((16 >> k) < K::S) v = op.f(v, kr_shfl_xor(v, 16 >> k));
            }
            if (line < P && t % K::S == 0) s[line * K::W + (t % K::G) / 32] = v;
        }
    }
    __syncthreads();
    KR_FOR(r, kr_nslots(P)) {
        const int e = kr_e(r);
        T v = op.id();
        if (e < P) KR_FOR(w, K::W) v = op.f(v, s[e * K::W + w]);
        out[r] = v;
    }
}

template <class IN, int AXIS, class T, class OP>
KR_DEV void kr_reduce(T (&out)[kr_nslots(KrAxis<IN, AXIS>::P)], const T (&in)[IN::R], const OP &op) {
    typedef KrAxis<IN, AXIS> X;
    if constexpr (KrRows<IN, AXIS>::ok) {
        kr_reduce_rows<IN, AXIS>(out, in, op);
    } else {
        constexpr int Lp = kr_pow2ceil(X::L);
        T *s = (T *)kr_smem;
        __syncthreads();
        KR_FOR(r, IN::R) {
            const int e = kr_e(r);
            if (e < IN::size) s[X::line(e) * Lp + X::pos(e)] = in[r];
        }
        if constexpr (Lp != X::L) {
            KR_BLOCK_LOOP(w, X::P * (Lp - X::L))
                s[(w / (Lp - X::L)) * Lp + X::L + w % (Lp - X::L)] = op.id();
        }
        KR_FOR(k, 16) {
            const int h = Lp >> (k + 1);
            if (h >= 1) {
                __syncthreads();
                KR_BLOCK_LOOP(w, X::P * h) {
                    const int p = w / h, l = w % h;
                    s[p * Lp + l] = op.f(s[p * Lp + l], s[p * Lp + l + h]);
                }
            }
        }
        __syncthreads();
        constexpr int PR = kr_nslots(X::P);
        KR_FOR(r, PR) {
            const int e = kr_e(r);
            out[r] = e < X::P ? s[e * Lp] : op.id();
        }
    }
}
/* Reduce the whole tile to one value every thread holds. */
template <class IN, class T, class OP> KR_DEV T kr_reduce_all(const T (&in)[IN::R], const OP &op) {
    T one[1];
    kr_reduce<KrS<IN::size>, 0>(one, in, op);
    return kr_to_scalar(one);
}

#ifdef KR_NEED_ARG
/* argmax / argmin along AXIS: cuTile 1.7's rules (the first of equal values; a NaN is
 * ignored, a line of only NaN gives its first index; propagate_nan=True is the front's
 * select around it). Indices come out as int64 (the caller casts). */
template <bool MAX, class T> KR_DEV bool kr_arg_better(T a, int ia, T b, int ib) {
    const bool na = kr_isnan(a), nb = kr_isnan(b);
    if (na || nb) return nb && (!na || ia < ib);
    if (a != b) return MAX ? a > b : a < b;
    return ia < ib;
}
template <bool MAX, class IN, int AXIS, class T, class I>
KR_DEV void kr_argreduce(I (&out)[kr_nslots(KrAxis<IN, AXIS>::P)], const T (&in)[IN::R]) {
    typedef KrAxis<IN, AXIS> X;
    constexpr int Lp = kr_pow2ceil(X::L);
    T *s = (T *)kr_smem;
    int *si = (int *)(kr_smem + ((X::P * Lp * sizeof(T) + 15) / 16) * 16);
    __syncthreads();
    KR_FOR(r, IN::R) {
        const int e = kr_e(r);
        if (e < IN::size) {
            s[X::line(e) * Lp + X::pos(e)] = in[r];
            si[X::line(e) * Lp + X::pos(e)] = X::pos(e);
        }
    }
    if constexpr (Lp != X::L) {
        KR_BLOCK_LOOP(w, X::P * (Lp - X::L)) {
            const int q = (w / (Lp - X::L)) * Lp + X::L + w % (Lp - X::L);
            si[q] = -1;
            s[q] = T(0);
        }
    }
    KR_FOR(k, 16) {
        const int h = Lp >> (k + 1);
        if (h >= 1) {
            __syncthreads();
            KR_BLOCK_LOOP(w, X::P * h) {
                const int q = (w / h) * Lp + w % h;
                const int ib = si[q + h];
                if (ib >= 0 && kr_arg_better<MAX>(s[q + h], ib, s[q], si[q])) {
                    s[q] = s[q + h];
                    si[q] = ib;
                }
            }
        }
    }
    __syncthreads();
    KR_FOR(r, kr_nslots(X::P)) {
        const int e = kr_e(r);
        out[r] = e < X::P ? (I)si[e * Lp] : I(0);
    }
}

#endif /* KR_NEED_ARG */

#ifdef KR_NEED_SCAN
/* Inclusive scan along AXIS (REVERSE: from the end), Hillis-Steele in shared memory with
 * two buffers of IN::size values. */
template <class IN, int AXIS, bool REVERSE, class T, class OP>
KR_DEV void kr_scan(T (&out)[IN::R], const T (&in)[IN::R], const OP &op) {
    typedef KrAxis<IN, AXIS> X;
    T *a = (T *)kr_smem, *b = a + IN::size;
    __syncthreads();
    KR_FOR(r, IN::R) {
        const int e = kr_e(r);
        if (e < IN::size) a[e] = in[r];
    }
    KR_FOR(k, 16) {
        const int d = 1 << k;
        if (d < X::L) {
            __syncthreads();
            KR_BLOCK_LOOP(e, IN::size) {
                const int l = X::pos(e);
                const int step = REVERSE ? -d * X::inner : d * X::inner;
                const bool has = REVERSE ? l + d < X::L : l >= d;
                b[e] = has ? (REVERSE ? op.f(a[e], a[e - step]) : op.f(a[e - step], a[e])) : a[e];
            }
            T *t = a; a = b; b = t;
        }
    }
    __syncthreads();
    KR_FOR(r, IN::R) {
        const int e = kr_e(r);
        out[r] = e < IN::size ? a[e] : T(0);
    }
}

#endif /* KR_NEED_SCAN */

/* A tile of N elements into s[0..N) in row-major order, between two barriers (the previous
 * readers of kr_smem are done; every thread's writes are visible after). */
template <int N, class T> KR_DEV void kr_tile_to_smem(T *s, const T (&in)[kr_nslots(N)]) {
    __syncthreads();
    KR_FOR(r, kr_nslots(N)) {
        const int e = kr_e(r);
        if (e < N) s[e] = in[r];
    }
    __syncthreads();
}
/* ---- layout changes through shared memory: out element e takes in element F::src(e) ---- */
template <class T, int NIN, int NOUT, class F>
KR_DEV void kr_remap(T (&out)[kr_nslots(NOUT)], const T (&in)[kr_nslots(NIN)]) {
    T *s = (T *)kr_smem;
    kr_tile_to_smem<NIN>(s, in);
    KR_FOR(r, kr_nslots(NOUT)) {
        const int e = kr_e(r);
        out[r] = e < NOUT ? s[F::src(e)] : T(0);
    }
}
/* broadcast_to: IN's dims right-aligned against OUT's; a dim of 1 repeats */
template <class IN, class OUT> struct KrBcastMap {
    KR_DEV static int src(int e) {
        int s = 0;
        KR_FOR(d, OUT::rank) {
            const int di = d - (OUT::rank - IN::rank);
            if (di >= 0 && IN::at(di) != 1) s += OUT::coord(e, d) * IN::stride(di);
        }
        return s;
    }
};
template <class IN, class OUT, class T>
KR_DEV void kr_broadcast(T (&out)[OUT::R], const T (&in)[IN::R]) {
    if constexpr (IN::size == OUT::size) {
        KR_FOR(r, OUT::R) out[r] = in[r];
    } else if constexpr (IN::size == 1) {
        /* one element, in thread 0 slot 0: every thread reads it */
        T *s = (T *)kr_smem;
        __syncthreads();
        if (threadIdx.x == 0) s[0] = in[0];
        __syncthreads();
        const T v = s[0];
        KR_FOR(r, OUT::R) out[r] = v;
    } else if constexpr (IN::rank == OUT::rank && IN::at(IN::rank - 1) == 1 &&
                         IN::size * OUT::at(OUT::rank - 1) == OUT::size &&
                         OUT::at(OUT::rank - 1) % KR_V == 0 && OUT::size > KR_V) {
        /* a column over whole rows (a row reduction's keepdims result): one read per chunk */
        constexpr int L = OUT::at(OUT::rank - 1);
        T *s = (T *)kr_smem;
        kr_tile_to_smem<IN::size>(s, in);
        KR_FOR(g, OUT::R / KR_V) {
            const int e0 = kr_e(g * KR_V);
            const T v = e0 < OUT::size ? s[e0 / L] : T(0);
            KR_FOR(j, KR_V) out[g * KR_V + j] = v;
        }
    } else {
        kr_remap<T, IN::size, OUT::size, KrBcastMap<IN, OUT>>(out, in);
    }
}
/* permute: out dim d is in dim P::at(d) */
template <class IN, class P> struct KrPermMap {
    KR_DEV static int src(int e) {
        /* out shape strides computed on the fly */
        int s = 0, rest = e;
        KR_FOR(d0, IN::rank) {
            const int d = IN::rank - 1 - d0;
            const int n = IN::at(P::at(d));
            s += (rest % n) * IN::stride(P::at(d));
            rest /= n;
        }
        return s;
    }
};
template <class IN, class P, class T>
KR_DEV void kr_permute(T (&out)[IN::R], const T (&in)[IN::R]) {
    kr_remap<T, IN::size, IN::size, KrPermMap<IN, P>>(out, in);
}
/* extract: the sub-tile OUT at (runtime) tile index idx */
template <class IN, class OUT, class T>
KR_DEV void kr_extract(T (&out)[OUT::R], const T (&in)[IN::R], const int (&idx)[IN::rank]) {
    T *s = (T *)kr_smem;
    kr_tile_to_smem<IN::size>(s, in);
    KR_FOR(r, OUT::R) {
        const int e = kr_e(r);
        int src = 0;
        KR_FOR(d, IN::rank) src += (idx[d] * OUT::at(d) + OUT::coord(e, d)) * IN::stride(d);
        out[r] = e < OUT::size ? s[src] : T(0);
    }
}
/* cat along AXIS: A then B */
template <class A, class B, class OUT, int AXIS, class T>
KR_DEV void kr_cat(T (&out)[OUT::R], const T (&a)[A::R], const T (&b)[B::R]) {
    T *s = (T *)kr_smem, *sb = s + A::size;
    __syncthreads();
    KR_FOR(r, A::R) {
        const int e = kr_e(r);
        if (e < A::size) s[e] = a[r];
    }
    KR_FOR(r, B::R) {
        const int e = kr_e(r);
        if (e < B::size) sb[e] = b[r];
    }
    __syncthreads();
    KR_FOR(r, OUT::R) {
        const int e = kr_e(r);
        if (e >= OUT::size) { out[r] = T(0); continue; }
        const int c = OUT::coord(e, AXIS);
        const bool first = c < A::at(AXIS);
        int src = 0;
        KR_FOR(d, OUT::rank) {
            const int cd = (d == AXIS && !first) ? c - A::at(AXIS) : OUT::coord(e, d);
            src += cd * (first ? A::stride(d) : B::stride(d));
        }
        out[r] = first ? s[src] : sb[src];
    }
}
/* arange(N) as a tile */
template <int N, class T> KR_DEV void kr_arange(T (&out)[kr_nslots(N)]) {
    KR_FOR(r, kr_nslots(N)) out[r] = (T)kr_e(r);
}
/* the coordinate along dim d of each element (gather/scatter index math uses it) */
template <class TS, class T> KR_DEV void kr_iota(T (&out)[TS::R], int d) {
    KR_FOR(r, TS::R) out[r] = (T)TS::coord(kr_e(r), d);
}

/* ---- scalar helpers the lowering uses ---- */
KR_MATH1(kr_exp2, exp2f, exp2)
KR_MATH1(kr_rsqrt, rsqrtf, rsqrt)
KR_DEV double kr_f64_bits(u64 b) { return __longlong_as_double((long long)b); }
/* ct.cdiv: ceil(a / b) on ints (Python's rounding for negative operands) */
template <class T> KR_DEV T kr_cdiv(T a, T b) {
    if (b == 0) return 0;
    if constexpr (T(-1) < T(0)) return (T)(0 - (u64)kr_floordiv<T>((T)(0 - (u64)a), b));
    else return (T)(a / b + (a % b != 0));
}
/* printf of one element: the lowering gives every integer conversion the ll modifier */
template <class T> KR_DEV void kr_print_one(const char *fmt, T v) {
    if constexpr (kr_is_float<T>::value) printf(fmt, (double)v);
    else printf(fmt, (long long)v);
}

/* insert: x with the subtile SUB at (runtime) grid index idx replaced by v */
template <class IN, class SUB, class T>
KR_DEV void kr_insert(T (&out)[IN::R], const T (&x)[IN::R], const T (&v)[SUB::R],
                      const int (&idx)[IN::rank]) {
    T *s = (T *)kr_smem;
    __syncthreads();
    KR_FOR(r, SUB::R) {
        const int e = kr_e(r);
        if (e < SUB::size) s[e] = v[r];
    }
    __syncthreads();
    KR_FOR(r, IN::R) {
        const int e = kr_e(r);
        bool inside = true;
        int src = 0;
        KR_FOR(d, IN::rank) {
            const int c = IN::coord(e, d) - idx[d] * SUB::at(d);
            inside = inside && c >= 0 && c < SUB::at(d);
            src += c * SUB::stride(d);
        }
        out[r] = (inside && e < IN::size) ? s[src] : x[r];
    }
}

#ifdef KR_NEED_MMA
/* ---- mma: acc (M x N, float) += a (M x K) @ b (K x N) ---- */
__device__ __forceinline__ unsigned kr_smem_addr(const void *p) {
    return (unsigned)__cvta_generic_to_shared(p);
}
/* Tensor-core operand kinds: what one mma.sync step takes. */
template <class S> struct KrMmaKind { static constexpr bool ok = false; };
template <> struct KrMmaKind<kr_half> {
    static constexpr bool ok = true; static constexpr int k = 16, per = 2;
};
template <> struct KrMmaKind<kr_bf16> {
    static constexpr bool ok = true; static constexpr int k = 16, per = 2;
};
template <> struct KrMmaKind<kr_e4m3> {
    static constexpr bool ok = true; static constexpr int k = 32, per = 4;
};
template <> struct KrMmaKind<kr_e5m2> {
    static constexpr bool ok = true; static constexpr int k = 32, per = 4;
};
struct kr_tf32s { float x; }; /* tfloat32 staged for the tensor cores */
template <> struct KrMmaKind<kr_tf32s> {
    static constexpr bool ok = true; static constexpr int k = 8, per = 1;
};
KR_DEV void kr_mma_step(float (&c)[4], const unsigned (&a)[4], const unsigned (&b)[2], kr_half) {
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, "
                 "{%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}
KR_DEV void kr_mma_step(float (&c)[4], const unsigned (&a)[4], const unsigned (&b)[2], kr_bf16) {
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, "
                 "{%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}
KR_DEV void kr_mma_step(float (&c)[4], const unsigned (&a)[4], const unsigned (&b)[2], kr_e4m3) {
    asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 {%0,%1,%2,%3}, "
                 "{%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}
KR_DEV void kr_mma_step(float (&c)[4], const unsigned (&a)[4], const unsigned (&b)[2], kr_e5m2) {
    asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32 {%0,%1,%2,%3}, "
                 "{%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}
KR_DEV void kr_mma_step(float (&c)[4], const unsigned (&a)[4], const unsigned (&b)[2], kr_tf32s) {
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, "
                 "{%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}
template <class S> KR_DEV S kr_mma_stage(float x) { return kr_st<S>(x); }
template <> KR_DEV kr_tf32s kr_mma_stage<kr_tf32s>(float x) { return kr_tf32s{kr_tf32(x)}; }

/* Shared memory an mma needs (bytes): A and B^T as S, rows padded by 16 bytes against bank
 * conflicts and zero padded to whole mma steps; the accumulator as float. */
template <class S, int B, int M, int N, int K> struct KrMmaSize {
    static constexpr int Mp = (M + 15) / 16 * 16, Np = (N + 7) / 8 * 8;
    static constexpr int Kp = (K + KrMmaKind<S>::k - 1) / KrMmaKind<S>::k * KrMmaKind<S>::k;
    static constexpr int lda = Kp + 16 / (int)sizeof(S);
    static constexpr int bytes_ab = ((Mp + Np) * lda * (int)sizeof(S) + 15) / 16 * 16;
    static constexpr int ldc = Np + 4;
    static constexpr int bytes_c = Mp * ldc * 4;
    static constexpr int bytes = (bytes_ab + bytes_c) * B;
};

/* Tensor cores: acc (B x M x N, float) += a (B x M x K) @ b (B x K x N), each batch staged
 * in shared memory; each warp takes 16x8 output blocks in turn, mma.sync per k step. */
template <class S, int B, int M, int N, int K, class TA, class TB, class TC>
KR_DEV void kr_mma_tc(TC (&acc)[kr_nslots(B * M * N)], const TA (&a)[kr_nslots(B * M * K)],
                      const TB (&b)[kr_nslots(B * K * N)]) {
    typedef KrMmaSize<S, B, M, N, K> Z;
    typedef KrMmaKind<S> KK;
    constexpr int batch_bytes = Z::bytes_ab + Z::bytes_c;
    __syncthreads();
    if constexpr (Z::Mp != M || Z::Np != N || Z::Kp != K) {
        KR_BLOCK_LOOP(w, B * (Z::Mp + Z::Np) * Z::lda) {
            S *sa = (S *)(kr_smem + (w / ((Z::Mp + Z::Np) * Z::lda)) * batch_bytes);
            sa[w % ((Z::Mp + Z::Np) * Z::lda)] = kr_mma_stage<S>(0.0f);
        }
        __syncthreads();
    }
    KR_FOR(r, kr_nslots(B * M * K)) {
        const int e = kr_e(r);
        if (e < B * M * K) {
            const int bb = e / (M * K), q = e % (M * K);
            S *sa = (S *)(kr_smem + bb * batch_bytes);
            sa[(q / K) * Z::lda + q % K] = kr_mma_stage<S>((float)a[r]);
        }
    }
    KR_FOR(r, kr_nslots(B * K * N)) {
        const int e = kr_e(r);
        if (e < B * K * N) {
            const int bb = e / (K * N), q = e % (K * N);
            S *sb = (S *)(kr_smem + bb * batch_bytes) + Z::Mp * Z::lda;
            sb[(q % N) * Z::lda + q / N] = kr_mma_stage<S>((float)b[r]);
        }
    }
    KR_FOR(r, kr_nslots(B * M * N)) {
        const int e = kr_e(r);
        if (e < B * M * N) {
            const int bb = e / (M * N), q = e % (M * N);
            float *sc = (float *)(kr_smem + bb * batch_bytes + Z::bytes_ab);
            sc[(q / N) * Z::ldc + q % N] = (float)acc[r];
        }
    }
    __syncthreads();
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, g = lane / 4, tg = lane % 4;
    constexpr int KH = KK::k / 2, blocks = (Z::Mp / 16) * (Z::Np / 8);
    _Pragma("unroll 1") for (int blk = warp; blk < B * blocks; blk += KR_NT / 32) {
        const int bb = blk / blocks, m0 = (blk % blocks) / (Z::Np / 8) * 16,
                  n0 = (blk % (Z::Np / 8)) * 8;
        const S *sa = (const S *)(kr_smem + bb * batch_bytes), *sb = sa + Z::Mp * Z::lda;
        float *sc = (float *)(kr_smem + bb * batch_bytes + Z::bytes_ab);
        float c[4];
        c[0] = sc[(m0 + g) * Z::ldc + n0 + tg * 2];
        c[1] = sc[(m0 + g) * Z::ldc + n0 + tg * 2 + 1];
        c[2] = sc[(m0 + g + 8) * Z::ldc + n0 + tg * 2];
        c[3] = sc[(m0 + g + 8) * Z::ldc + n0 + tg * 2 + 1];
        _Pragma("unroll 1") for (int k0 = 0; k0 < Z::Kp; k0 += KK::k) {
            unsigned fa[4], fb[2];
            KR_FOR(j, 4)
            fa[j] = *(const unsigned *)&sa[(m0 + g + 8 * (j & 1)) * Z::lda + k0 + tg * KK::per +
                                           (j >> 1) * KH];
            KR_FOR(j, 2)
            fb[j] = *(const unsigned *)&sb[(n0 + g) * Z::lda + k0 + tg * KK::per + j * KH];
            kr_mma_step(c, fa, fb, S());
        }
        sc[(m0 + g) * Z::ldc + n0 + tg * 2] = c[0];
        sc[(m0 + g) * Z::ldc + n0 + tg * 2 + 1] = c[1];
        sc[(m0 + g + 8) * Z::ldc + n0 + tg * 2] = c[2];
        sc[(m0 + g + 8) * Z::ldc + n0 + tg * 2 + 1] = c[3];
    }
    __syncthreads();
    KR_FOR(r, kr_nslots(B * M * N)) {
        const int e = kr_e(r);
        if (e < B * M * N) {
            const int bb = e / (M * N), q = e % (M * N);
            const float *sc = (const float *)(kr_smem + bb * batch_bytes + Z::bytes_ab);
            acc[r] = (TC)sc[(q / N) * Z::ldc + q % N];
        }
    }
}

/* Any dtypes: A and B staged in shared memory as the accumulator's register type, one
 * multiply-add per k for each accumulator element. */
template <class TC, int B, int M, int N, int K> struct KrMmaFmaSize {
    static constexpr int bytes = B * (M * K + K * N) * (int)sizeof(TC);
};
template <int B, int M, int N, int K, class TA, class TB, class TC>
KR_DEV void kr_mma_fma(TC (&acc)[kr_nslots(B * M * N)], const TA (&a)[kr_nslots(B * M * K)],
                       const TB (&b)[kr_nslots(B * K * N)]) {
    TC *sa = (TC *)kr_smem, *sb = sa + B * M * K;
    __syncthreads();
    KR_FOR(r, kr_nslots(B * M * K)) {
        const int e = kr_e(r);
        if (e < B * M * K) sa[e] = (TC)a[r];
    }
    KR_FOR(r, kr_nslots(B * K * N)) {
        const int e = kr_e(r);
        if (e < B * K * N) sb[e] = (TC)b[r];
    }
    __syncthreads();
    KR_FOR(r, kr_nslots(B * M * N)) {
        const int e = kr_e(r);
        if (e < B * M * N) {
            const int bb = e / (M * N), m = (e / N) % M, n = e % N;
            const TC *pa = sa + bb * M * K + m * K, *pb = sb + bb * K * N + n;
            TC s = acc[r];
            _Pragma("unroll 1") for (int k = 0; k < K; k++) s += pa[k] * pb[k * N];
            acc[r] = s;
        }
    }
}

#endif /* KR_NEED_MMA */

/* ---- shared-memory needs of the block-wide ops, in bytes (the lowering sizes kr_smem with
 * the same formulas and checks them against these with static_assert) ---- */
template <class T, class IN, int AXIS> struct KrReduceSize {
    static constexpr int bytes = KrRows<IN, AXIS>::ok
                                     ? KrAxis<IN, AXIS>::P * KrRows<IN, AXIS>::W * (int)sizeof(T)
                                     : KrAxis<IN, AXIS>::P * kr_pow2ceil(IN::at(AXIS)) * (int)sizeof(T);
};
#ifdef KR_NEED_ARG
template <class T, class IN, int AXIS> struct KrArgSize {
    static constexpr int n = KrAxis<IN, AXIS>::P * kr_pow2ceil(IN::at(AXIS));
    static constexpr int bytes = (n * (int)sizeof(T) + 15) / 16 * 16 + n * 4;
};
#endif

#ifdef KR_NEED_PRINT
/* ---- ct.printf of a tile: thread 0 prints the staged elements, nested brackets per axis ---- */
template <class TS, class T> KR_DEV void kr_print_tile(const T (&in)[TS::R], const char *fmt) {
    T *s = (T *)kr_smem;
    __syncthreads();
    KR_FOR(r, TS::R) {
        const int e = kr_e(r);
        if (e < TS::size) s[e] = in[r];
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        _Pragma("unroll 1") for (int e = 0; e < TS::size; e++) {
            KR_FOR(d, TS::rank) if (e % TS::stride(d) == 0 && TS::coord(e, d) == 0) printf("[");
            kr_print_one(fmt, s[e]);
            int closed = 0;
            KR_FOR(d0, TS::rank) {
                const int d = TS::rank - 1 - d0;
                if ((e + 1) % TS::stride(d) == 0 && TS::coord(e, d) == TS::at(d) - 1 && closed == d0) {
                    printf("]");
                    closed++;
                }
            }
            if (e + 1 < TS::size) printf(", ");
        }
    }
    __syncthreads();
}
#endif /* KR_NEED_PRINT */
