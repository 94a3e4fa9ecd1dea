/* random.c: the random module, bit for bit CPython 3.11's _random (MT19937) plus random.py's
 * algorithms, so a seeded script draws the same numbers as under CPython.
 *
 * random.Random is a heap type whose methods are natives; the generator state of an instance
 * lives in its dict as a bytearray (`_mt`: 624 state words and the index, as uint32), so it
 * is ordinary GC-managed data and no state is static. The module-level functions are bound
 * methods of a hidden instance, as in random.py (`_inst`). */
#include <stdio.h>
#include <math.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "../vm/overflow.h"
#include "builtins.h"
#include "classes.h"
#include "sha512.h"

#define MT_N     624
#define MT_M     397
#define MT_WORDS (MT_N + 1) /* the state, then the index */

/* ---- the Mersenne Twister core (as _randommodule.c) ---------------------------------- */

static uint32_t mt_genrand(uint32_t *mt) {
    static const uint32_t mag01[2] = {0x0u, 0x9908b0dfu};
    uint32_t y;
    uint32_t mti = mt[MT_N];
    if (mti >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (mt[kk] & 0x80000000u) | (mt[kk + 1] & 0x7fffffffu);
            mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 0x1u];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (mt[kk] & 0x80000000u) | (mt[kk + 1] & 0x7fffffffu);
            mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 0x1u];
        }
        y = (mt[MT_N - 1] & 0x80000000u) | (mt[0] & 0x7fffffffu);
        mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 0x1u];
        mti = 0;
    }
    y = mt[mti++];
    mt[MT_N] = mti;
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= (y >> 18);
    return y;
}

static void mt_init_genrand(uint32_t *mt, uint32_t s) {
    mt[0] = s;
    for (uint32_t i = 1; i < MT_N; i++)
        mt[i] = 1812433253u * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i;
    mt[MT_N] = MT_N;
}

static void mt_init_by_array(uint32_t *mt, const uint32_t *key, size_t keylen) {
    mt_init_genrand(mt, 19650218u);
    size_t i = 1, j = 0, k = MT_N > keylen ? MT_N : keylen;
    for (; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
        if (j >= keylen) j = 0;
    }
    for (k = MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000u;
}

static double mt_random(uint32_t *mt) {
    uint32_t a = mt_genrand(mt) >> 5, b = mt_genrand(mt) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

/* ---- the state of an instance ----------------------------------------------------------- */

typedef struct RandomNames {
    Str *mt, *gauss_next;
} RandomNames;

static bool random_names(Interp *I, RandomNames *n) {
    n->mt = str_intern_cstr(I, "_mt");
    n->gauss_next = str_intern_cstr(I, "gauss_next");
    return n->mt && n->gauss_next;
}

/* The state words of self, creating them (unseeded: zero) on first use. */
static uint32_t *random_state(Interp *I, Value self) {
    Dict **dp = obj_dict_ptr(I, self);
    Str *name = str_intern_cstr(I, "_mt");
    if (!dp || !name) {
        if (!err_occurred(I)) err_format(I, TY_TYPE_ERROR, "descriptor requires a 'Random' object");
        return NULL;
    }
    if (!*dp && !(*dp = dict_new(I))) return NULL;
    Value v = dict_get_str(*dp, name);
    if (is_null(v) || !is_bytearray(I, v) || as_bytearray(v)->len != MT_WORDS * 4) {
        unsigned char zero[MT_WORDS * 4];
        memset(zero, 0, sizeof zero);
        ByteArray *b = bytearray_new(I, zero, sizeof zero);
        if (!b || dict_set_str(I, *dp, name, v_obj(b)) < 0) return NULL;
        uint32_t *mt = (uint32_t *)b->data;
        mt_init_genrand(mt, 5489u);
        return mt;
    }
    return (uint32_t *)as_bytearray(v)->data;
}

/* seed from the absolute value of an int: its 32-bit words, least significant first */
static bool seed_from_int(Interp *I, uint32_t *mt, Value n) {
    IntView w;
    int_view(n, &w);
    size_t nbits = 0;
    if (w.n) {
        nbits = (w.n - 1) * INT_SHIFT;
        for (uint32_t top = w.d[w.n - 1]; top; top >>= 1)
            nbits++;
    }
    size_t nwords = nbits ? (nbits - 1) / 32 + 1 : 1;
    uint32_t *key = mem_alloc(I, nwords * sizeof(uint32_t));
    if (!key) return false;
    memset(key, 0, nwords * sizeof(uint32_t));
    for (size_t b = 0; b < nbits; b++)
        if ((w.d[b / INT_SHIFT] >> (b % INT_SHIFT)) & 1u) key[b / 32] |= 1u << (b % 32);
    mt_init_by_array(mt, key, nwords);
    mem_free(I, key, nwords * sizeof(uint32_t));
    return true;
}

/* seed from big-endian bytes as int.from_bytes(data) would */
static bool seed_from_bytes(Interp *I, uint32_t *mt, const unsigned char *data, size_t len) {
    while (len && data[0] == 0) {
        data++;
        len--;
    }
    size_t nwords = len ? (len + 3) / 4 : 1;
    uint32_t *key = mem_alloc(I, nwords * sizeof(uint32_t));
    if (!key) return false;
    memset(key, 0, nwords * sizeof(uint32_t));
    for (size_t i = 0; i < len; i++) {
        size_t bytepos = len - 1 - i; /* 0 = least significant */
        key[bytepos / 4] |= (uint32_t)data[i] << (8 * (bytepos % 4));
    }
    mt_init_by_array(mt, key, nwords);
    mem_free(I, key, nwords * sizeof(uint32_t));
    return true;
}

static bool random_do_seed(Interp *I, Value self, Value a, int64_t version) {
    uint32_t *mt = random_state(I, self);
    RandomNames rn;
    if (!mt || !random_names(I, &rn)) return false;
    Dict **dp = obj_dict_ptr(I, self);
    if (dict_set_str(I, *dp, rn.gauss_next, V_NONE) < 0) return false;
    if (is_null(a) || is_none(a)) {
        uint32_t key[MT_N];
        if (getrandom(key, sizeof key, 0) != (ssize_t)sizeof key) {
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            key[0] = (uint32_t)ts.tv_sec;
            key[1] = (uint32_t)ts.tv_nsec;
            mt_init_by_array(mt, key, 2);
            return true;
        }
        mt_init_by_array(mt, key, MT_N);
        return true;
    }
    if (is_int(I, a)) {
        Value n = int_sign(I, a) < 0 ? int_neg(I, a) : a;
        return !is_null(n) && seed_from_int(I, mt, n);
    }
    if (is_float(a) || is_float_value(I, a)) {
        int64_t h;
        if (obj_hash(I, a, &h) < 0) return false;
        return seed_from_int(I, mt, int_from_u64(I, (uint64_t)h));
    }
    const unsigned char *data = NULL;
    size_t len = 0;
    if (is_str(I, a)) {
        data = (const unsigned char *)as_str(a)->data;
        len = as_str(a)->len;
    } else if (is_bytes(I, a)) {
        data = as_bytes(a)->data;
        len = as_bytes(a)->len;
    } else if (is_bytearray(I, a)) {
        data = as_bytearray(a)->data;
        len = as_bytearray(a)->len;
    } else {
        err_format(I, TY_TYPE_ERROR,
                   "The only supported seed types are: None,\n"
                   "int, float, str, bytes, and bytearray.");
        return false;
    }
    if (version == 1) {
        /* random.py 3.11's version 1 string hash, over the str's code points */
        err_format(I, TY_NOT_IMPLEMENTED_ERROR, "random.seed() version 1 is not supported");
        return false;
    }
    unsigned char *buf = mem_alloc(I, len + 64);
    if (!buf) return false;
    if (len) memcpy(buf, data, len);
    sha512_digest(data, len, buf + len);
    bool ok = seed_from_bytes(I, mt, buf, len + 64);
    mem_free(I, buf, len + 64);
    return ok;
}

/* ---- methods ------------------------------------------------------------------------ */

static Value rnd_init(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "Random", kw) || !arg_count(I, "Random", argc - 1, 0, 1)) return V_NULL;
    return random_do_seed(I, argv[0], argc > 1 ? argv[1] : V_NONE, 2) ? V_NONE : V_NULL;
}

static Value rnd_seed(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"self", "a", "version"};
    Value a[3];
    if (!arg_parse(I, "seed", argc, argv, kw, names, 3, 1, 3, a)) return V_NULL;
    int64_t version = 2;
    if (!is_null(a[2]) && obj_index(I, a[2], &version) < 0) return V_NULL;
    return random_do_seed(I, a[0], a[1], version) ? V_NONE : V_NULL;
}

static Value rnd_random(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "random", kw) || !arg_count(I, "random", argc - 1, 0, 0)) return V_NULL;
    uint32_t *mt = random_state(I, argv[0]);
    return mt ? v_float(mt_random(mt)) : V_NULL;
}

/* getrandbits(k) as an int Value (k >= 0) */
static Value random_bits(Interp *I, uint32_t *mt, int64_t k) {
    if (k <= 32) return v_int(k == 0 ? 0 : (int64_t)(mt_genrand(mt) >> (32 - k)));
    size_t nwords = (size_t)((k - 1) / 32 + 1);
    size_t ndig = (size_t)((k + INT_SHIFT - 1) / INT_SHIFT);
    uint32_t *words = mem_alloc(I, nwords * sizeof(uint32_t));
    uint32_t *dig = words ? mem_alloc(I, ndig * sizeof(uint32_t)) : NULL;
    if (!dig) {
        if (words) mem_free(I, words, nwords * sizeof(uint32_t));
        return V_NULL;
    }
    int64_t left = k;
    for (size_t i = 0; i < nwords; i++, left -= 32) {
        uint32_t r = mt_genrand(mt);
        if (left < 32) r >>= (32 - left);
        words[i] = r;
    }
    memset(dig, 0, ndig * sizeof(uint32_t));
    for (int64_t b = 0; b < k; b++)
        if ((words[b / 32] >> (b % 32)) & 1u) dig[b / INT_SHIFT] |= 1u << (b % INT_SHIFT);
    size_t n = ndig;
    while (n && dig[n - 1] == 0)
        n--;
    Value r = int_from_digits(I, 1, dig, n);
    mem_free(I, words, nwords * sizeof(uint32_t));
    mem_free(I, dig, ndig * sizeof(uint32_t));
    return r;
}

static Value rnd_getrandbits(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "getrandbits", kw) || !arg_count(I, "getrandbits", argc - 1, 1, 1))
        return V_NULL;
    int64_t k;
    if (obj_index(I, argv[1], &k) < 0) return V_NULL;
    if (k < 0) return err_format(I, TY_VALUE_ERROR, "number of bits must be non-negative");
    uint32_t *mt = random_state(I, argv[0]);
    return mt ? random_bits(I, mt, k) : V_NULL;
}

static Value rnd_randbytes(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "randbytes", kw) || !arg_count(I, "randbytes", argc - 1, 1, 1)) return V_NULL;
    int64_t n;
    if (obj_index(I, argv[1], &n) < 0) return V_NULL;
    if (n < 0) return err_format(I, TY_VALUE_ERROR, "number of bits must be non-negative");
    uint32_t *mt = random_state(I, argv[0]);
    if (!mt) return V_NULL;
    unsigned char *buf = mem_alloc(I, (size_t)n + 4);
    if (!buf) return V_NULL;
    /* getrandbits(n * 8).to_bytes(n, 'little') */
    for (int64_t i = 0; i < n; i += 4) {
        uint32_t r = mt_genrand(mt);
        if (n - i < 4) r >>= 8 * (4 - (n - i));
        for (int j = 0; j < 4; j++)
            buf[i + j] = (unsigned char)(r >> (8 * j));
    }
    Bytes *b = bytes_new(I, buf, (size_t)n);
    mem_free(I, buf, (size_t)n + 4);
    return b ? v_obj(b) : V_NULL;
}

/* _randbelow_with_getrandbits: n > 0 */
static Value random_below(Interp *I, uint32_t *mt, Value n) {
    if (is_smallint(n)) {
        int64_t k = (int64_t)int_bit_length(I, n);
        if (k <= 32) {
            uint32_t r;
            do
                r = k ? mt_genrand(mt) >> (32 - k) : 0;
            while ((int64_t)r >= n.as.i);
            return v_int(r);
        }
    }
    int64_t k = (int64_t)int_bit_length(I, n);
    size_t mark = gc_temp_mark(I);
    for (;;) {
        Value r = random_bits(I, mt, k);
        if (is_null(r)) return V_NULL;
        if (int_compare(I, r, n) < 0) return r;
        gc_temp_reset(I, mark);
    }
}

static int64_t random_below_i64(uint32_t *mt, int64_t n) {
    int64_t k = 0;
    for (uint64_t t = (uint64_t)n; t; t >>= 1)
        k++;
    for (;;) {
        uint64_t r;
        if (k <= 32)
            r = k ? mt_genrand(mt) >> (32 - k) : 0;
        else {
            uint64_t lo = mt_genrand(mt), hi = mt_genrand(mt) >> (64 - k);
            r = lo | (hi << 32);
        }
        if ((int64_t)r < n) return (int64_t)r;
    }
}

/* randrange's argument conversion: an int, or an integral float (deprecated in 3.11) */
static Value rr_index(Interp *I, Value v, const char *what) {
    if (is_int(I, v)) return int_to_exact(I, v);
    if (is_float(v)) {
        double d = v.as.f;
        if (d != floor(d) || !isfinite(d))
            return err_format(I, TY_VALUE_ERROR, "non-integer %s for randrange()", what);
        return int_from_double(I, d);
    }
    return obj_index_value(I, v);
}

static Value random_randrange(Interp *I, Value self, Value start, Value stop, Value step) {
    uint32_t *mt = random_state(I, self);
    if (!mt) return V_NULL;
    Value istart = rr_index(I, start, "arg 1");
    if (is_null(istart)) return V_NULL;
    if (is_null(stop) || is_none(stop)) {
        if (!is_null(step)) return err_format(I, TY_TYPE_ERROR, "Missing a non-None stop argument");
        if (int_sign(I, istart) > 0) return random_below(I, mt, istart);
        return err_format(I, TY_VALUE_ERROR, "empty range for randrange()");
    }
    Value istop = rr_index(I, stop, "stop");
    if (is_null(istop)) return V_NULL;
    Value width = int_sub(I, istop, istart);
    if (is_null(width)) return V_NULL;
    Value istep = is_null(step) ? v_int(1) : rr_index(I, step, "step");
    if (is_null(istep)) return V_NULL;
    if (is_smallint(istep) && istep.as.i == 1) {
        if (int_sign(I, width) > 0) {
            Value r = random_below(I, mt, width);
            return is_null(r) ? V_NULL : int_add(I, istart, r);
        }
        Value s1 = int_to_str(I, istart, 10), s2 = int_to_str(I, istop, 10);
        Value s3 = int_to_str(I, width, 10);
        if (is_null(s1) || is_null(s2) || is_null(s3)) return V_NULL;
        return err_format(I, TY_VALUE_ERROR, "empty range for randrange() (%s, %s, %s)",
                          as_str(s1)->data, as_str(s2)->data, as_str(s3)->data);
    }
    int sgn = int_sign(I, istep);
    if (sgn == 0) return err_format(I, TY_VALUE_ERROR, "zero step for randrange()");
    Value t = int_add(I, width, istep);
    if (is_null(t) || is_null(t = int_add(I, t, v_int(sgn > 0 ? -1 : 1)))) return V_NULL;
    Value n = int_floordiv(I, t, istep);
    if (is_null(n)) return V_NULL;
    if (int_sign(I, n) <= 0) return err_format(I, TY_VALUE_ERROR, "empty range for randrange()");
    Value r = random_below(I, mt, n);
    if (is_null(r) || is_null(r = int_mul(I, istep, r))) return V_NULL;
    return int_add(I, istart, r);
}

static Value rnd_randrange(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"self", "start", "stop", "step"};
    Value a[4];
    if (!arg_parse(I, "randrange", argc, argv, kw, names, 4, 2, 4, a)) return V_NULL;
    return random_randrange(I, a[0], a[1], a[2], a[3]);
}

static Value rnd_randint(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"self", "a", "b"};
    Value a[3];
    if (!arg_parse(I, "randint", argc, argv, kw, names, 3, 3, 3, a)) return V_NULL;
    Value b1 = obj_binop(I, a[2], v_int(1), BIN_ADD);
    if (is_null(b1)) return V_NULL;
    return random_randrange(I, a[0], a[1], b1, V_NULL);
}

static Value rnd_choice(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "choice", kw) || !arg_count(I, "choice", argc - 1, 1, 1)) return V_NULL;
    uint32_t *mt = random_state(I, argv[0]);
    if (!mt) return V_NULL;
    int64_t n = obj_len(I, argv[1]);
    if (n < 0) return V_NULL;
    if (n == 0) return err_format(I, TY_INDEX_ERROR, "Cannot choose from an empty sequence");
    return obj_getitem(I, argv[1], v_int(random_below_i64(mt, n)));
}

static Value rnd_shuffle(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "shuffle", kw) || !arg_count(I, "shuffle", argc - 1, 1, 1)) return V_NULL;
    uint32_t *mt = random_state(I, argv[0]);
    if (!mt) return V_NULL;
    Value x = argv[1];
    int64_t n = obj_len(I, x);
    if (n < 0) return V_NULL;
    bool is_plain_list = is_obj(x) && type_of(I, x) == I->types[TY_LIST];
    for (int64_t i = n - 1; i >= 1; i--) {
        int64_t j = random_below_i64(mt, i + 1);
        if (is_plain_list && (int64_t)as_list(x)->len == n) {
            Value *it = as_list(x)->items, t = it[i];
            it[i] = it[j];
            it[j] = t;
            continue;
        }
        Value xj = obj_getitem(I, x, v_int(j));
        if (is_null(xj)) return V_NULL;
        Value xi = obj_getitem(I, x, v_int(i));
        if (is_null(xi)) return V_NULL;
        if (obj_setitem(I, x, v_int(i), xj) < 0 || obj_setitem(I, x, v_int(j), xi) < 0)
            return V_NULL;
    }
    return V_NONE;
}

/* A set of small ints for sample()'s rejection loop. */
typedef struct IndexSet {
    int64_t *slots; /* -1: empty */
    size_t cap;
} IndexSet;

static bool indexset_add(IndexSet *s, int64_t v) { /* false: already present */
    size_t h = (size_t)((uint64_t)v * 0x9e3779b97f4a7c15ULL) & (s->cap - 1);
    while (s->slots[h] != -1) {
        if (s->slots[h] == v) return false;
        h = (h + 1) & (s->cap - 1);
    }
    s->slots[h] = v;
    return true;
}

static Value rnd_sample(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"self", "population", "k", "counts"};
    Value a[4];
    if (!arg_parse(I, "sample", argc, argv, kw, names, 4, 3, 3, a)) return V_NULL;
    uint32_t *mt = random_state(I, a[0]);
    if (!mt) return V_NULL;
    Value pop = a[1];
    if (!is_null(a[3]) && !is_none(a[3]))
        return err_format(I, TY_NOT_IMPLEMENTED_ERROR, "sample() counts= is not supported");
    if (is_anyset(I, pop) || is_dict(I, pop) ||
        is_null(type_lookup(I, type_of(I, pop), I->names.getitem)) ||
        is_null(type_lookup(I, type_of(I, pop), I->names.len)))
        return err_format(I, TY_TYPE_ERROR,
                          "Population must be a sequence.  "
                          "For dicts or sets, use sorted(d).");
    int64_t n = obj_len(I, pop), k;
    if (n < 0 || obj_index(I, a[2], &k) < 0) return V_NULL;
    if (k < 0 || k > n)
        return err_format(I, TY_VALUE_ERROR, "Sample larger than population or is negative");
    List *result = list_new(I, (size_t)k);
    if (!result) return V_NULL;
    int64_t setsize = 21;
    if (k > 5) setsize += (int64_t)pow(4.0, ceil(log((double)(k * 3)) / log(4.0)));
    if (n <= setsize) {
        List *pool = list_from_iter(I, pop);
        if (!pool) return V_NULL;
        /* a __len__ may lie (or iterating may change the population): use what came */
        if ((int64_t)pool->len < n) n = (int64_t)pool->len;
        if (k > n)
            return err_format(I, TY_VALUE_ERROR, "Sample larger than population or is negative");
        for (int64_t i = 0; i < k; i++) {
            int64_t j = random_below_i64(mt, n - i);
            if (!list_append(I, result, pool->items[j])) return V_NULL;
            pool->items[j] = pool->items[n - i - 1];
        }
        return v_obj(result);
    }
    IndexSet set;
    set.cap = size_grow(0, (size_t)k * 2 + 2, 16); /* k fits: result holds k items */
    set.slots = set.cap ? mem_alloc_array(I, set.cap, sizeof(int64_t)) : NULL;
    if (!set.slots) return set.cap ? V_NULL : err_nomem(I);
    memset(set.slots, 0xff, set.cap * sizeof(int64_t));
    Value r = v_obj(result);
    for (int64_t i = 0; i < k; i++) {
        int64_t j = random_below_i64(mt, n);
        while (!indexset_add(&set, j))
            j = random_below_i64(mt, n);
        Value item = obj_getitem(I, pop, v_int(j));
        if (is_null(item) || !list_append(I, result, item)) {
            r = V_NULL;
            break;
        }
    }
    mem_free(I, set.slots, set.cap * sizeof(int64_t));
    return r;
}

static Value rnd_choices(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"self", "population", "weights", "cum_weights", "k"};
    Value a[5];
    if (!arg_parse(I, "choices", argc, argv, kw, names, 5, 2, 3, a)) return V_NULL;
    uint32_t *mt = random_state(I, a[0]);
    if (!mt) return V_NULL;
    Value pop = a[1], weights = is_null(a[2]) ? V_NONE : a[2];
    Value cum = is_null(a[3]) ? V_NONE : a[3];
    int64_t n = obj_len(I, pop), k = 1;
    if (n < 0) return V_NULL;
    if (!is_null(a[4]) && obj_index(I, a[4], &k) < 0) return V_NULL;
    List *out = list_new(I, k > 0 ? (size_t)k : 0);
    if (!out) return V_NULL;
    if (is_none(cum)) {
        if (is_none(weights)) {
            double dn = (double)n;
            for (int64_t i = 0; i < k; i++) {
                Value item = obj_getitem(I, pop, v_int((int64_t)floor(mt_random(mt) * dn)));
                if (is_null(item) || !list_append(I, out, item)) return V_NULL;
            }
            return v_obj(out);
        }
        if (is_int(I, weights))
            return err_format(I, TY_TYPE_ERROR,
                              "The number of choices must be a keyword argument: k=%lld",
                              (long long)(is_smallint(weights) ? weights.as.i : 0));
        List *cw = list_new(I, 0);
        Value it = cw ? obj_iter(I, weights) : V_NULL;
        if (is_null(it)) return V_NULL;
        Value total = V_NULL;
        for (;;) {
            Value w;
            int got = obj_next_item(I, it, &w);
            if (got < 0) return V_NULL;
            if (got == 0) break;
            total = is_null(total) ? w : obj_binop(I, total, w, BIN_ADD);
            if (is_null(total) || !list_append(I, cw, total)) return V_NULL;
        }
        cum = v_obj(cw);
    } else if (!is_none(weights)) {
        return err_format(I, TY_TYPE_ERROR, "Cannot specify both weights and cumulative weights");
    }
    int64_t ncum = obj_len(I, cum);
    if (ncum < 0) return V_NULL;
    if (ncum != n)
        return err_format(I, TY_VALUE_ERROR, "The number of weights does not match the population");
    Value last = obj_getitem(I, cum, v_int(-1));
    if (is_null(last)) return V_NULL;
    Value totalv = obj_binop(I, last, v_float(0.0), BIN_ADD);
    if (is_null(totalv)) return V_NULL;
    double total;
    if (!num_to_double(I, totalv, &total)) return V_NULL;
    if (total <= 0.0)
        return err_format(I, TY_VALUE_ERROR, "Total of weights must be greater than zero");
    if (!isfinite(total)) return err_format(I, TY_VALUE_ERROR, "Total of weights must be finite");
    for (int64_t i = 0; i < k; i++) {
        Value x = v_float(mt_random(mt) * total);
        int64_t lo = 0, hi = n - 1; /* bisect_right(cum_weights, x, 0, n - 1) */
        while (lo < hi) {
            int64_t mid = (lo + hi) / 2;
            Value cm = obj_getitem(I, cum, v_int(mid));
            if (is_null(cm)) return V_NULL;
            int lt = obj_compare_bool(I, x, cm, CMP_LT);
            if (lt < 0) return V_NULL;
            if (lt)
                hi = mid;
            else
                lo = mid + 1;
        }
        Value item = obj_getitem(I, pop, v_int(lo));
        if (is_null(item) || !list_append(I, out, item)) return V_NULL;
    }
    return v_obj(out);
}

/* ---- distributions ------------------------------------------------------------------- */

static bool float_args(Interp *I, const char *fname, int argc, Value *argv, Tuple *kw,
                       const char *const *names, int nnames, int nrequired, const double *defs,
                       double *out, uint32_t **mt) {
    Value a[5];
    if (!arg_parse(I, fname, argc, argv, kw, names, nnames, nrequired, nnames, a)) return false;
    for (int i = 1; i < nnames; i++) {
        if (is_null(a[i]))
            out[i - 1] = defs[i - 1];
        else if (!num_to_double(I, a[i], &out[i - 1]))
            return false;
    }
    return (*mt = random_state(I, a[0])) != NULL;
}

static Value rnd_uniform(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"self", "a", "b"};
    Value a[3];
    if (!arg_parse(I, "uniform", argc, argv, kw, names, 3, 3, 3, a)) return V_NULL;
    uint32_t *mt = random_state(I, a[0]);
    if (!mt) return V_NULL;
    /* a + (b - a) * random(), with Python's arithmetic so int arguments behave as there */
    Value d = obj_binop(I, a[2], a[1], BIN_SUB);
    if (is_null(d)) return V_NULL;
    Value p = obj_binop(I, d, v_float(mt_random(mt)), BIN_MUL);
    return is_null(p) ? V_NULL : obj_binop(I, a[1], p, BIN_ADD);
}

static Value rnd_triangular(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"self", "low", "high", "mode"};
    Value a[4];
    if (!arg_parse(I, "triangular", argc, argv, kw, names, 4, 1, 4, a)) return V_NULL;
    uint32_t *mt = random_state(I, a[0]);
    double low = 0.0, high = 1.0, mode = 0.0, c;
    if (!mt || (!is_null(a[1]) && !num_to_double(I, a[1], &low)) ||
        (!is_null(a[2]) && !num_to_double(I, a[2], &high)))
        return V_NULL;
    bool has_mode = !is_null(a[3]) && !is_none(a[3]);
    if (has_mode && !num_to_double(I, a[3], &mode)) return V_NULL;
    double u = mt_random(mt);
    if (!has_mode)
        c = 0.5;
    else if (high - low == 0.0)
        return is_null(a[1]) ? v_float(low) : a[1];
    else
        c = (mode - low) / (high - low);
    if (u > c) {
        u = 1.0 - u;
        c = 1.0 - c;
        double t = low;
        low = high;
        high = t;
    }
    return v_float(low + (high - low) * sqrt(u * c));
}

static Value rnd_gauss(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"self", "mu", "sigma"};
    static const double defs[] = {0.0, 1.0};
    double p[2];
    uint32_t *mt;
    RandomNames rn;
    if (!float_args(I, "gauss", argc, argv, kw, names, 3, 1, defs, p, &mt) || !random_names(I, &rn))
        return V_NULL;
    Dict **dp = obj_dict_ptr(I, argv[0]);
    Value zv = dict_get_str(*dp, rn.gauss_next);
    double z;
    if (dict_set_str(I, *dp, rn.gauss_next, V_NONE) < 0) return V_NULL;
    if (is_null(zv) || is_none(zv)) {
        double x2pi = mt_random(mt) * (2.0 * M_PI);
        double g2rad = sqrt(-2.0 * log(1.0 - mt_random(mt)));
        z = cos(x2pi) * g2rad;
        if (dict_set_str(I, *dp, rn.gauss_next, v_float(sin(x2pi) * g2rad)) < 0) return V_NULL;
    } else if (!num_to_double(I, zv, &z)) {
        return V_NULL;
    }
    return v_float(p[0] + z * p[1]);
}

static double random_normal(uint32_t *mt, double mu, double sigma) {
    const double nv_magic = 4 * exp(-0.5) / sqrt(2.0);
    double z;
    for (;;) {
        double u1 = mt_random(mt);
        double u2 = 1.0 - mt_random(mt);
        z = nv_magic * (u1 - 0.5) / u2;
        double zz = z * z / 4.0;
        if (zz <= -log(u2)) break;
    }
    return mu + z * sigma;
}

static Value rnd_normalvariate(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"self", "mu", "sigma"};
    static const double defs[] = {0.0, 1.0};
    double p[2];
    uint32_t *mt;
    if (!float_args(I, "normalvariate", argc, argv, kw, names, 3, 1, defs, p, &mt)) return V_NULL;
    return v_float(random_normal(mt, p[0], p[1]));
}

static Value rnd_lognormvariate(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"self", "mu", "sigma"};
    static const double defs[] = {0.0, 1.0};
    double p[2];
    uint32_t *mt;
    if (!float_args(I, "lognormvariate", argc, argv, kw, names, 3, 3, defs, p, &mt)) return V_NULL;
    return v_float(exp(random_normal(mt, p[0], p[1])));
}

static Value rnd_expovariate(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"self", "lambd"};
    static const double defs[] = {1.0};
    double p[1];
    uint32_t *mt;
    if (!float_args(I, "expovariate", argc, argv, kw, names, 2, 2, defs, p, &mt)) return V_NULL;
    if (p[0] == 0.0) return err_format(I, TY_ZERO_DIVISION_ERROR, "float division by zero");
    return v_float(-log(1.0 - mt_random(mt)) / p[0]);
}

static bool random_gamma(Interp *I, uint32_t *mt, double alpha, double beta, double *out) {
    if (alpha <= 0.0 || beta <= 0.0) {
        err_format(I, TY_VALUE_ERROR, "gammavariate: alpha and beta must be > 0.0");
        return false;
    }
    if (alpha > 1.0) {
        const double log4 = log(4.0), sg_magic = 1.0 + log(4.5);
        double ainv = sqrt(2.0 * alpha - 1.0), bbb = alpha - log4, ccc = alpha + ainv;
        for (;;) {
            double u1 = mt_random(mt);
            if (!(1e-7 < u1 && u1 < 0.9999999)) continue;
            double u2 = 1.0 - mt_random(mt);
            double v = log(u1 / (1.0 - u1)) / ainv;
            double x = alpha * exp(v);
            double z = u1 * u1 * u2;
            double r = bbb + ccc * v - x;
            if (r + sg_magic - 4.5 * z >= 0.0 || r >= log(z)) {
                *out = x * beta;
                return true;
            }
        }
    }
    if (alpha == 1.0) {
        *out = -log(1.0 - mt_random(mt)) * beta;
        return true;
    }
    double x;
    for (;;) {
        double u = mt_random(mt);
        double b = (M_E + alpha) / M_E;
        double p = b * u;
        if (p <= 1.0)
            x = pow(p, 1.0 / alpha);
        else
            x = -log((b - p) / alpha);
        double u1 = mt_random(mt);
        if (p > 1.0) {
            if (u1 <= pow(x, alpha - 1.0)) break;
        } else if (u1 <= exp(-x)) {
            break;
        }
    }
    *out = x * beta;
    return true;
}

static Value rnd_gammavariate(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"self", "alpha", "beta"};
    static const double defs[] = {1.0, 1.0};
    double p[2], r;
    uint32_t *mt;
    if (!float_args(I, "gammavariate", argc, argv, kw, names, 3, 3, defs, p, &mt) ||
        !random_gamma(I, mt, p[0], p[1], &r))
        return V_NULL;
    return v_float(r);
}

static Value rnd_betavariate(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"self", "alpha", "beta"};
    static const double defs[] = {1.0, 1.0};
    double p[2], y, y2;
    uint32_t *mt;
    if (!float_args(I, "betavariate", argc, argv, kw, names, 3, 3, defs, p, &mt) ||
        !random_gamma(I, mt, p[0], 1.0, &y))
        return V_NULL;
    if (y == 0.0) return v_float(0.0);
    if (!random_gamma(I, mt, p[1], 1.0, &y2)) return V_NULL;
    return v_float(y / (y + y2));
}

static Value rnd_paretovariate(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"self", "alpha"};
    static const double defs[] = {1.0};
    double p[1];
    uint32_t *mt;
    if (!float_args(I, "paretovariate", argc, argv, kw, names, 2, 2, defs, p, &mt)) return V_NULL;
    double u = 1.0 - mt_random(mt);
    return v_float(pow(u, -1.0 / p[0]));
}

static Value rnd_weibullvariate(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"self", "alpha", "beta"};
    static const double defs[] = {1.0, 1.0};
    double p[2];
    uint32_t *mt;
    if (!float_args(I, "weibullvariate", argc, argv, kw, names, 3, 3, defs, p, &mt)) return V_NULL;
    double u = 1.0 - mt_random(mt);
    return v_float(p[0] * pow(-log(u), 1.0 / p[1]));
}

static Value rnd_getstate(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "getstate", kw) || !arg_count(I, "getstate", argc - 1, 0, 0)) return V_NULL;
    uint32_t *mt = random_state(I, argv[0]);
    RandomNames rn;
    if (!mt || !random_names(I, &rn)) return V_NULL;
    Tuple *inner = tuple_new(I, MT_WORDS);
    if (!inner) return V_NULL;
    mt = random_state(I, argv[0]); /* re-read: nothing moved, but stay safe after gc_new */
    for (int i = 0; i < MT_WORDS; i++)
        inner->items[i] = v_int(mt[i]);
    Value g = dict_get_str(*obj_dict_ptr(I, argv[0]), rn.gauss_next);
    Tuple *t = tuple_pack(I, 3, v_int(3), v_obj(inner), is_null(g) ? V_NONE : g);
    return t ? v_obj(t) : V_NULL;
}

static Value rnd_setstate(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "setstate", kw) || !arg_count(I, "setstate", argc - 1, 1, 1)) return V_NULL;
    uint32_t *mt = random_state(I, argv[0]);
    RandomNames rn;
    if (!mt || !random_names(I, &rn)) return V_NULL;
    Value st = argv[1];
    if (!is_instance(I, st, I->types[TY_TUPLE]) || as_tuple(st)->len != 3) {
        if (is_instance(I, st, I->types[TY_TUPLE]) && as_tuple(st)->len > 0) {
            Value r = obj_repr(I, as_tuple(st)->items[0]);
            if (is_null(r)) return V_NULL;
            return err_format(I, TY_VALUE_ERROR,
                              "state with version %s passed to Random.setstate() of version 3",
                              as_str(r)->data);
        }
        return err_format(I, TY_TYPE_ERROR, "state vector must be a tuple");
    }
    Tuple *t = as_tuple(st);
    if (!is_smallint(t->items[0]) || t->items[0].as.i != 3) {
        Value r = obj_repr(I, t->items[0]);
        if (is_null(r)) return V_NULL;
        return err_format(I, TY_VALUE_ERROR,
                          "state with version %s passed to Random.setstate() of version 3",
                          as_str(r)->data);
    }
    if (!is_instance(I, t->items[1], I->types[TY_TUPLE]))
        return err_format(I, TY_TYPE_ERROR, "state vector must be a tuple");
    Tuple *inner = as_tuple(t->items[1]);
    if (inner->len != MT_WORDS)
        return err_format(I, TY_VALUE_ERROR, "state vector is the wrong size");
    uint32_t words[MT_WORDS];
    for (int i = 0; i < MT_WORDS; i++) {
        Value v = inner->items[i];
        if (!is_int(I, v))
            return err_format(I, TY_TYPE_ERROR, "'%s' object cannot be interpreted as an integer",
                              type_name(I, v));
        int64_t x;
        if (!int_to_i64(I, v, &x)) return V_NULL;
        if (i == MT_N) {
            if (x < 0 || x > MT_N) return err_format(I, TY_VALUE_ERROR, "invalid state");
        } else if (x < 0 || x > (int64_t)UINT32_MAX) {
            return err_format(I, TY_OVERFLOW_ERROR,
                              "Python int too large to convert to C "
                              "unsigned long");
        }
        words[i] = (uint32_t)x;
    }
    memcpy(mt, words, sizeof words);
    Dict **dp = obj_dict_ptr(I, argv[0]);
    if (dict_set_str(I, *dp, rn.gauss_next, t->items[2]) < 0) return V_NULL;
    return V_NONE;
}

static const MethodDef random_methods[] = {
    {"__init__", rnd_init, 0},
    {"seed", rnd_seed, 0},
    {"random", rnd_random, 0},
    {"getrandbits", rnd_getrandbits, 0},
    {"randbytes", rnd_randbytes, 0},
    {"getstate", rnd_getstate, 0},
    {"setstate", rnd_setstate, 0},
    {"randrange", rnd_randrange, 0},
    {"randint", rnd_randint, 0},
    {"choice", rnd_choice, 0},
    {"choices", rnd_choices, 0},
    {"shuffle", rnd_shuffle, 0},
    {"sample", rnd_sample, 0},
    {"uniform", rnd_uniform, 0},
    {"triangular", rnd_triangular, 0},
    {"gauss", rnd_gauss, 0},
    {"normalvariate", rnd_normalvariate, 0},
    {"lognormvariate", rnd_lognormvariate, 0},
    {"expovariate", rnd_expovariate, 0},
    {"gammavariate", rnd_gammavariate, 0},
    {"betavariate", rnd_betavariate, 0},
    {"paretovariate", rnd_paretovariate, 0},
    {"weibullvariate", rnd_weibullvariate, 0},
    {NULL, NULL, 0},
};

/* A heap class named `name` in module `modname` whose methods are the natives of defs. */
Type *stdlib_make_class(Interp *I, const char *name, const char *modname, const MethodDef *defs) {
    Tuple *bases = tuple_pack(I, 1, v_obj(I->types[TY_OBJECT]));
    return bases ? stdlib_make_subclass(I, name, modname, bases, defs) : NULL;
}

Type *stdlib_make_subclass(Interp *I, const char *name, const char *modname, Tuple *bases,
                           const MethodDef *defs) {
    Dict *ns = dict_new(I);
    if (!ns) return NULL;
    Str *tname = str_intern_cstr(I, name);
    Str *mname = str_intern_cstr(I, modname);
    if (!tname || !mname || dict_set_str(I, ns, I->names.module, v_obj(mname)) < 0) return NULL;
    char key[256];
    int n = snprintf(key, sizeof key, "%s.%s", modname, name);
    Value doc = n > 0 && (size_t)n < sizeof key ? native_doc_lookup(I, key, false) : V_NONE;
    if (is_null(doc) || (!is_none(doc) && dict_set_str(I, ns, I->names.doc, doc) < 0)) return NULL;
    Type *t = type_new_heap(I, tname, bases, ns);
    /* the dunders are added after creation: that recomputes the protocol slots */
    return t && (!defs || class_add_native_methods(I, t, defs)) ? t : NULL;
}

Module *random_module_create(Interp *I) {
    Str *name = str_intern_cstr(I, "random");
    Module *m = name ? module_new(I, name) : NULL;
    if (!m) return NULL;
    Type *cls = stdlib_make_class(I, "Random", "random", random_methods);
    if (!cls || module_set(I, m, "Random", v_obj(cls)) < 0) return NULL;
    Value inst = object_alloc(I, cls);
    if (is_null(inst) || module_set(I, m, "_inst", inst) < 0) return NULL;
    if (!random_do_seed(I, inst, V_NONE, 2)) return NULL;
    for (const MethodDef *d = random_methods; d->name; d++) {
        if (d->name[0] == '_') continue;
        Str *mn = str_intern_cstr(I, d->name);
        Value f = mn ? obj_getattr(I, inst, mn) : V_NULL;
        if (is_null(f) || module_set(I, m, d->name, f) < 0) return NULL;
    }
    return m;
}
