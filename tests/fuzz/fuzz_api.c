/* fuzz_api.c: the C API (include/krait.h) driven by a byte-coded sequence of calls, as a
 * careless host would make them. The input is a program: each operation is one byte (which
 * call) followed by operand bytes (which of 16 handle slots, small integers, short
 * strings). Slots start empty (NULL handles); results land in a slot; a release may leave
 * the stale handle in its slot, so released, NULL and wrong-kind handles all reach every
 * call. The host side obeys only the rules krait.h states as the host's duty (memory given
 * to kr_array_wrap stays valid until its release callback, DLPack exports are deleted once,
 * before kr_free); everything else must give a result code, never a crash or a leak. */
#include "fuzz_common.h"

#define NSLOTS 16

typedef struct Prog {
    const uint8_t *p, *end;
} Prog;

static unsigned next_byte(Prog *g) {
    return g->p < g->end ? *g->p++ : 0;
}

static long long next_int(Prog *g) {
    static const long long interesting[] = {0,         1,         -1,        2,       7,
                                            255,       256,       -129,      1 << 30, INT32_MAX,
                                            INT32_MIN, INT64_MAX, INT64_MIN, 1000000};
    unsigned b = next_byte(g);
    if (b < 128) return (long long)b - 8;
    return interesting[b % (sizeof interesting / sizeof *interesting)];
}

/* A string of up to 15 input bytes, copied NUL-terminated into buf. */
static const char *next_str(Prog *g, char *buf, size_t *len) {
    size_t n = next_byte(g) % 16;
    size_t i = 0;
    for (; i < n && g->p < g->end; i++)
        buf[i] = (char)*g->p++;
    buf[i] = '\0';
    *len = i;
    return buf;
}

static const char *const attr_names[] = {"append", "x",        "__class__", "__dict__", "real",
                                         "keys",   "__len__",  "count",     "shape",    "dtype",
                                         "data",   "__init__", "pop",       "items",    "y"};
#define NNAMES (sizeof attr_names / sizeof *attr_names)

static const char *const exprs[] = {"1 + 2",
                                    "[1, 2, 3]",
                                    "{'a': 1, 2: [3]}",
                                    "lambda *a, **k: (a, k)",
                                    "len",
                                    "str.upper",
                                    "iter(range(5))",
                                    "(x for x in range(3))",
                                    "Exception('boom')",
                                    "int",
                                    "b'bytes'",
                                    "bytearray(b'xyz')",
                                    "1 / 0",
                                    "__import__('gpu').arange(6).reshape((2, 3))",
                                    "type('C', (), {'__len__': lambda s: -1})()",
                                    "sorted",
                                    "dict(a=1).items()",
                                    "__import__('json').loads",
                                    "3.5",
                                    "None",
                                    "print",
                                    "x"};
#define NEXPRS (sizeof exprs / sizeof *exprs)

typedef struct Host {
    kr_value *slot[NSLOTS];
    kr_value *type; /* the host class, once made */
    kr_dlmanaged_tensor *dl[4];
    int ndl;
} Host;

/* The host class: one method that reads its data through kr_instance_data. */
typedef struct Counter {
    long long n;
} Counter;

static int counter_incr(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                        kr_value **result, void *ud) {
    Host *h = ud;
    Counter *c = argc > 0 ? kr_instance_data(I, argv[0], h->type) : NULL;
    if (!c) return kr_raise(I, "TypeError", "not a Counter");
    *result = kr_int(I, ++c->n);
    return *result ? KR_OK : KR_ERROR;
}

/* A native that calls back into the interpreter with its arguments. */
static int native_call(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                       kr_value **result, void *ud) {
    if (argc == 0) return kr_raise(I, "ValueError", "no arguments (%d)", argc);
    return kr_call(I, argv[0], argc - 1, argv + 1, result);
}

static void release_buffer(void *ud, void *data) {
    (void)ud;
    free(data);
}

#define S(k)   h->slot[(k) % NSLOTS]
#define PUT(v) (h->slot[next_byte(g) % NSLOTS] = (v))

static void step(kr_interp *I, Host *h, Prog *g) {
    unsigned op = next_byte(g) % 40;
    unsigned a = next_byte(g), b = next_byte(g), c = next_byte(g);
    char buf[16];
    size_t len;
    kr_value *out = NULL;
    long long ll;
    double d;
    int flag;
    const char *s;
    const void *p;
    switch (op) {
    case 0: PUT(kr_int(I, next_int(g))); break;
    case 1: PUT(kr_float(I, (double)next_int(g) / 3.0)); break;
    case 2: s = next_str(g, buf, &len), PUT(kr_strn(I, s, len)); break;
    case 3: s = next_str(g, buf, &len), PUT(kr_bytes(I, s, len)); break;
    case 4: PUT(a & 1 ? kr_list(I) : kr_dict(I)); break;
    case 5: PUT(a & 1 ? kr_none(I) : kr_bool(I, b & 1)); break;
    case 6: {
        kr_value *items[3] = {S(a), S(b), S(c)};
        PUT(kr_tuple(I, (int)(next_byte(g) % 4), items));
        break;
    }
    case 7: /* release; sometimes the stale handle stays in its slot */
        kr_release(I, S(a));
        if (b & 1) S(a) = NULL;
        break;
    case 8: PUT(kr_dup(I, S(a))); break;
    case 9: kr_get_item(I, S(a), S(b), &out), PUT(out); break;
    case 10: kr_set_item(I, S(a), S(b), S(c)); break;
    case 11: kr_del_item(I, S(a), S(b)); break;
    case 12: kr_get_index(I, S(a), next_int(g), &out), PUT(out); break;
    case 13: kr_set_index(I, S(a), next_int(g), S(b)); break;
    case 14: kr_append(I, S(a), S(b)); break;
    case 15: kr_contains(I, S(a), S(b), &flag); break;
    case 16: kr_len(I, S(a), &ll); break;
    case 17: kr_get_attr(I, S(a), attr_names[b % NNAMES], &out), PUT(out); break;
    case 18: kr_set_attr(I, S(a), attr_names[b % NNAMES], S(c)); break;
    case 19: {
        kr_value *args[3] = {S(b), S(c), S(a)};
        kr_call(I, S(a), (int)(next_byte(g) % 4), args, &out), PUT(out);
        break;
    }
    case 20: {
        kr_value *args[2] = {S(b), S(c)};
        const char *kwn[2] = {"key", attr_names[a % NNAMES]};
        kr_call_kw(I, S(a), 1, args, (int)(next_byte(g) % 3), kwn, args, &out), PUT(out);
        break;
    }
    case 21: {
        kr_value *args[2] = {S(c), S(a)};
        kr_call_method(I, S(a), attr_names[b % NNAMES], (int)(c % 3), args, &out), PUT(out);
        break;
    }
    case 22: kr_eval(I, exprs[a % NEXPRS], &out), PUT(out); break;
    case 23:
        s = next_str(g, buf, &len);
        kr_exec(I, s, "<api>", (int)(a % 3), b & 1 ? S(c) : NULL, &out), PUT(out);
        break;
    case 24: kr_iter(I, S(a), &out), PUT(out); break;
    case 25: kr_next(I, S(a), &out), PUT(out); break;
    case 26:
        kr_to_int(I, S(a), &ll), kr_to_float(I, S(a), &d), kr_to_bool(I, S(a), &flag);
        kr_get_str(I, S(b), &s, &len), kr_get_bytes(I, S(b), &p, &len);
        (void)kr_typeof(I, S(c)), (void)kr_type_name(I, S(c)), (void)kr_is(I, S(a), S(c));
        break;
    case 27: (a & 1 ? kr_repr : kr_to_str)(I, S(b), &out), PUT(out); break;
    case 28: {
        size_t mark = kr_scope_push(I);
        step(I, h, g);
        if (a & 1) kr_scope_pop(I, mark); /* the slots set inside now hold stale handles */
        break;
    }
    case 29: kr_gc_collect(I); break;
    case 30: kr_set_global(I, attr_names[a % NNAMES], S(b)); break;
    case 31: kr_get_global(I, attr_names[a % NNAMES], &out), PUT(out); break;
    case 32:
        if (!h->type) {
            static const kr_function_def methods[] = {{"incr", counter_incr}, {NULL, NULL}};
            kr_type_def def = {"Counter", sizeof(Counter), methods, NULL};
            if (kr_new_type(I, &def, h, &h->type) == KR_OK) kr_set_global(I, "Counter", h->type);
        }
        if (h->type) kr_new_instance(I, a & 1 ? h->type : S(b), &out), PUT(out);
        break;
    case 33: (void)kr_instance_data(I, S(a), a & 1 ? h->type : S(b)); break;
    case 34: PUT(kr_function(I, "native_call", native_call, h)); break;
    case 35:
        kr_raise(I, "ValueError", "host %d", (int)a);
        PUT(kr_error_value(I));
        (void)kr_error_traceback(I), (void)kr_error_message(I);
        if (b & 1) kr_raise_value(I, S(c));
        if (c & 1) kr_error_clear(I);
        break;
    case 36: {
        int64_t shape[2] = {(int64_t)(a % 5), (int64_t)(b % 4)};
        kr_dtype dt = (kr_dtype)(c % 11);
        int ndim = (int)(next_byte(g) % 3);
        size_t n = 8; /* the host's duty: memory for every element of the shape it gives */
        for (int d = 0; d < ndim; d++)
            n *= (size_t)shape[d];
        void *mem = calloc(1, n + 1);
        if (!mem) break;
        kr_value *arr =
            kr_array_wrap(I, mem, dt, ndim, shape, NULL, KR_DEVICE_HOST, release_buffer, NULL);
        if (!arr) free(mem); /* on failure the memory stays the host's */
        PUT(arr);
        break;
    }
    case 37: {
        kr_array_desc desc;
        kr_array_info(I, S(a), &desc);
        if (h->ndl < 4) {
            kr_dlmanaged_tensor *t = kr_array_to_dlpack(I, S(b));
            if (t && (c & 1)) { /* round trip: the new array owns the tensor */
                kr_value *back = kr_array_from_dlpack(I, t);
                if (!back) h->dl[h->ndl++] = t;
                PUT(back);
            } else if (t) {
                h->dl[h->ndl++] = t;
            }
        }
        break;
    }
    case 38:
        if (h->ndl > 0) {
            kr_dlmanaged_tensor *t = h->dl[--h->ndl];
            t->deleter(t);
        }
        break;
    case 39:
        if (a & 1) kr_set_step_limit(I, (unsigned long long)(b + 1) * 100);
        if (a & 2) kr_set_memory_limit(I, (size_t)(c + 1) << 16);
        if (a & 4) kr_gc_enable(I, b & 1);
        (void)kr_memory_used(I), (void)kr_handle_count(I), (void)kr_limit_reason(I);
        break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzAlloc a;
    kr_interp *I = fuzz_new(&a, 1);
    Host h;
    memset(&h, 0, sizeof h);
    Prog g = {data, data + size};
    for (int n = 0; g.p < g.end && n < 2000; n++)
        step(I, &h, &g);
    while (h.ndl > 0) {
        kr_dlmanaged_tensor *t = h.dl[--h.ndl];
        t->deleter(t);
    }
    fuzz_free(I, &a);
    return 0;
}
