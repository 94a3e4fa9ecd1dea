/* random.c: gpu.random, a counter-based Philox4x32-10 generator (Salmon et al., SC'11).
 * Element i of a draw depends only on (key, counter + i), so the CPU backend and a CUDA
 * kernel produce the same numbers. The state is a 2-element int64 array [key, counter] that
 * the module's functions are bound to (no global state). These are not NumPy's numbers. */
#include <math.h>
#include <string.h>

#include "../../vm/error.h"
#include "../../vm/gc.h"
#include "../../vm/number.h"
#include "../../vm/seq.h"
#include "../../vm/str.h"
#include "array.h"

void arr_philox(uint64_t key, uint64_t ctr, uint32_t out[4]);
void arr_philox(uint64_t key, uint64_t ctr, uint32_t out[4]) {
    uint32_t c0 = (uint32_t)ctr, c1 = (uint32_t)(ctr >> 32), c2 = 0x6b72, c3 = 0x6169;
    uint32_t k0 = (uint32_t)key, k1 = (uint32_t)(key >> 32);
    for (int r = 0; r < 10; r++) {
        uint64_t p0 = (uint64_t)0xD2511F53u * c0, p1 = (uint64_t)0xCD9E8D57u * c2;
        uint32_t n0 = (uint32_t)(p1 >> 32) ^ c1 ^ k0, n2 = (uint32_t)(p0 >> 32) ^ c3 ^ k1;
        c1 = (uint32_t)p1;
        c3 = (uint32_t)p0;
        c0 = n0;
        c2 = n2;
        k0 += 0x9E3779B9u;
        k1 += 0xBB67AE85u;
    }
    out[0] = c0;
    out[1] = c1;
    out[2] = c2;
    out[3] = c3;
}

static double u53(uint32_t a, uint32_t b) {
    return (double)(((uint64_t)(a >> 5) << 26) | (b >> 6)) * (1.0 / 9007199254740992.0);
}

typedef struct Draw {
    int64_t *state;
    int64_t n;
    int ndim;
    int64_t shape[ARR_MAXDIM];
    bool scalar;
} Draw;

static bool draw_setup(Interp *I, Value st, Value size, Draw *d) {
    d->state = (int64_t *)as_array(st)->data;
    d->scalar = is_null(size) || is_none(size);
    d->ndim = 0;
    if (!d->scalar) {
        d->ndim = arr_shape_arg(I, size, d->shape);
        if (d->ndim < 0) return false;
    }
    d->n = 1;
    for (int i = 0; i < d->ndim; i++)
        d->n *= d->shape[i];
    return true;
}

/* kind 0 uniform [lo, hi), 1 normal(lo, hi), 2 integers [lo, hi) */
static Value draw(Interp *I, Draw *d, int kind, double lo, double hi, int dt) {
    Array *r = arr_new(I, dt, d->ndim, d->shape);
    if (!r) return V_NULL;
    uint64_t key = (uint64_t)d->state[0], base = (uint64_t)d->state[1];
    int isz = arr_dtypes[dt].size;
    for (int64_t i = 0; i < d->n; i++) {
        uint32_t o[4];
        arr_philox(key, base + (uint64_t)i, o);
        double u = u53(o[0], o[1]);
        char *p = r->data + i * isz;
        if (kind == 0) {
            arr_store_f(p, dt, lo + (hi - lo) * u);
        } else if (kind == 1) {
            double u2 = u53(o[2], o[3]);
            double z = sqrt(-2.0 * log(1.0 - u)) * cos(6.283185307179586 * u2);
            arr_store_f(p, dt, lo + hi * z);
        } else {
            uint64_t range = (uint64_t)(hi - lo);
            uint64_t x = ((uint64_t)o[0] << 32 | o[1]) % (range ? range : 1);
            arr_store_i(p, dt, (int64_t)lo + (int64_t)x);
        }
    }
    d->state[1] = (int64_t)(base + (uint64_t)d->n);
    if (d->scalar) return arr_scalar_value(I, r->data, dt);
    return v_obj(r);
}

/* seed(seed=None) */
static Value r_seed(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"seed"};
    Value o[1];
    if (!arg_parse(I, "seed", argc - 1, argv + 1, kw, names, 1, 0, 1, o)) return V_NULL;
    int64_t *s = (int64_t *)as_array(argv[0])->data;
    int64_t seed = 0;
    if (!is_null(o[0]) && !is_none(o[0]) && obj_index(I, o[0], &seed) < 0) return V_NULL;
    s[0] = seed;
    s[1] = 0;
    return V_NONE;
}

/* rand(d0, d1, ...) / randn(d0, ...) */
static Value rand_dims(Interp *I, int argc, Value *argv, int kind) {
    Draw d;
    if (!draw_setup(I, argv[0], V_NULL, &d)) return V_NULL;
    if (argc > 1) {
        d.scalar = false;
        d.ndim = argc - 1;
        d.n = 1;
        for (int i = 1; i < argc; i++) {
            if (obj_index(I, argv[i], &d.shape[i - 1]) < 0) return V_NULL;
            d.n *= d.shape[i - 1];
        }
    }
    return draw(I, &d, kind, 0, 1, DT_FLOAT64);
}
static Value r_rand(Interp *I, int argc, Value *argv, Tuple *kw) {
    return arr_kw_reject(I, "rand", kw) ? rand_dims(I, argc, argv, 0) : V_NULL;
}
static Value r_randn(Interp *I, int argc, Value *argv, Tuple *kw) {
    return arr_kw_reject(I, "randn", kw) ? rand_dims(I, argc, argv, 1) : V_NULL;
}
/* random(size=None): one float, or an array of the size's shape */
static Value r_random(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"size"};
    Value o[1];
    if (!arg_parse(I, "random", argc - 1, argv + 1, kw, names, 1, 0, 1, o)) return V_NULL;
    Draw d;
    if (!draw_setup(I, argv[0], o[0], &d)) return V_NULL;
    return draw(I, &d, 0, 0, 1, DT_FLOAT64);
}

static bool num_arg(Interp *I, Value v, double dflt, double *out) {
    if (is_null(v)) {
        *out = dflt;
        return true;
    }
    return num_to_double(I, v, out);
}

static Value r_uniform(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"low", "high", "size"};
    Value o[3];
    if (!arg_parse(I, "uniform", argc - 1, argv + 1, kw, names, 3, 0, 3, o)) return V_NULL;
    double lo, hi;
    Draw d;
    if (!num_arg(I, o[0], 0, &lo) || !num_arg(I, o[1], 1, &hi) || !draw_setup(I, argv[0], o[2], &d))
        return V_NULL;
    return draw(I, &d, 0, lo, hi, DT_FLOAT64);
}

static Value r_normal(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"loc", "scale", "size"};
    Value o[3];
    if (!arg_parse(I, "normal", argc - 1, argv + 1, kw, names, 3, 0, 3, o)) return V_NULL;
    double lo, hi;
    Draw d;
    if (!num_arg(I, o[0], 0, &lo) || !num_arg(I, o[1], 1, &hi) || !draw_setup(I, argv[0], o[2], &d))
        return V_NULL;
    return draw(I, &d, 1, lo, hi, DT_FLOAT64);
}

static Value r_randint(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"low", "high", "size", "dtype"};
    Value o[4];
    if (!arg_parse(I, "randint", argc - 1, argv + 1, kw, names, 4, 1, 4, o)) return V_NULL;
    int64_t lo, hi;
    if (obj_index(I, o[0], &lo) < 0) return V_NULL;
    if (is_null(o[1]) || is_none(o[1])) {
        hi = lo;
        lo = 0;
    } else if (obj_index(I, o[1], &hi) < 0) {
        return V_NULL;
    }
    if (hi <= lo) return err_format(I, TY_VALUE_ERROR, "low >= high");
    int dt = arr_dtype_arg(I, o[3], DT_INT64);
    Draw d;
    if (dt < 0 || !draw_setup(I, argv[0], o[2], &d)) return V_NULL;
    return draw(I, &d, 2, (double)lo, (double)hi, dt);
}

static const MethodDef random_defs[] = {
    {"seed", r_seed, 0},       {"rand", r_rand, 0},     {"randn", r_randn, 0},
    {"uniform", r_uniform, 0}, {"normal", r_normal, 0}, {"randint", r_randint, 0},
    {"random", r_random, 0},   {NULL, NULL, 0},
};

Module *gpu_random_module_create(Interp *I);
Module *gpu_random_module_create(Interp *I) {
    Str *name = str_intern_cstr(I, "numpy.random");
    Module *m = name ? module_new(I, name) : NULL;
    int64_t two = 2;
    Array *st = m ? arr_new(I, DT_INT64, 1, &two) : NULL;
    if (!st || module_set(I, m, "_state", v_obj(st)) < 0) return NULL;
    for (const MethodDef *d = random_defs; d->name; d++) {
        Value f = native_method_new(I, I->types[TY_ARRAY], d);
        Value b = is_null(f) ? f : bound_method_new(I, f, v_obj(st));
        if (is_null(b) || module_set(I, m, d->name, b) < 0) return NULL;
    }
    return m;
}
