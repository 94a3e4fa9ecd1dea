/* api_value.c: the handle table and the value half of the embedding API: making values,
 * converting them to C, containers, attributes, globals, running code and calling.
 *
 * A handle is the slot index + 1 in the low bits of a pointer-sized token and the slot's
 * generation in the high bits, so a stale handle is refused rather than silently reading
 * whatever value re-used its slot. Slots form a stack (scopes pop to a mark); releasing a
 * slot below the top only frees it, and the top shrinks past free slots. Every function
 * that may run script code brackets it with api_run_begin/api_run_end (api.c), which
 * arm the limits and turn a raised exception into the current API error. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "api_internal.h"
#include "../vm/dict.h"
#include "../vm/error.h"
#include "../vm/gc.h"
#include "../vm/number.h"
#include "../vm/seq.h"
#include "../vm/str.h"
#include "../vm/vm.h"

#if UINTPTR_MAX > 0xFFFFFFFFu
#define H_SHIFT 32
#else
#define H_SHIFT 24
#endif
#define H_INDEX_MASK (((uintptr_t)1 << H_SHIFT) - 1)
#define H_GEN_MASK   ((uint32_t)(UINTPTR_MAX >> H_SHIFT))
#define API_MAX_ARGS 100000

/* ---- handles -------------------------------------------------------------------------- */

kr_value *api_handle_new(Interp *I, Value v) {
    ApiState *a = I->api;
    if (a->nslots == a->capslots) {
        size_t ncap = a->capslots ? a->capslots * 2 : 64;
        if (ncap >= H_INDEX_MASK) {
            err_nomem(I);
            return NULL;
        }
        /* v must survive a collection the allocation may run: root it on the temp stack. */
        size_t mark = gc_temp_mark(I);
        if (!gc_temp_push(I, v)) {
            err_nomem(I);
            return NULL;
        }
        struct ApiSlot *ns = mem_realloc(I, a->slots, a->capslots * sizeof *ns, ncap * sizeof *ns);
        gc_temp_reset(I, mark);
        if (!ns) return NULL;
        for (size_t i = a->capslots; i < ncap; i++)
            ns[i] = (struct ApiSlot){V_NULL, a->gen_base};
        a->slots = ns;
        a->capslots = ncap;
    }
    size_t idx = a->nslots++;
    a->slots[idx].v = v;
    uintptr_t tok = ((uintptr_t)(a->slots[idx].gen & H_GEN_MASK) << H_SHIFT) | (idx + 1);
    return (kr_value *)tok;
}

static struct ApiSlot *slot_of(Interp *I, kr_value *h) {
    if (!I || !h || !I->api) return NULL;
    ApiState *a = I->api;
    uintptr_t tok = (uintptr_t)h;
    size_t idx = (size_t)(tok & H_INDEX_MASK);
    if (idx == 0 || idx > a->nslots) return NULL;
    struct ApiSlot *s = &a->slots[idx - 1];
    if (is_null(s->v) || (s->gen & H_GEN_MASK) != (uint32_t)(tok >> H_SHIFT)) return NULL;
    return s;
}

bool api_handle_get(Interp *I, kr_value *h, Value *out) {
    struct ApiSlot *s = slot_of(I, h);
    if (!s) return false;
    *out = s->v;
    return true;
}

kr_value *api_give(Interp *I, Value v) {
    kr_value *h = api_handle_new(I, v);
    if (!h) api_take_error(I);
    return h;
}

int api_give_out(Interp *I, Value v, kr_value **out) {
    if (!out) return KR_OK;
    *out = api_give(I, v);
    return *out ? KR_OK : KR_ERROR;
}

static void shrink_top(ApiState *a) {
    while (a->nslots && is_null(a->slots[a->nslots - 1].v))
        a->nslots--;
}

void kr_release(kr_interp *I, kr_value *v) {
    struct ApiSlot *s = slot_of(I, v);
    if (!s) return;
    s->v = V_NULL;
    s->gen++;
    shrink_top(I->api);
}

kr_value *kr_dup(kr_interp *I, kr_value *v) {
    Value x;
    if (!api_handle_get(I, v, &x)) return NULL;
    return api_give(I, x);
}

size_t kr_scope_push(kr_interp *I) {
    return I && I->api ? I->api->nslots : 0;
}

void kr_scope_pop(kr_interp *I, size_t mark) {
    if (!I || !I->api) return;
    ApiState *a = I->api;
    for (size_t i = mark; i < a->nslots; i++) {
        if (!is_null(a->slots[i].v)) {
            a->slots[i].v = V_NULL;
            a->slots[i].gen++;
        }
    }
    if (mark < a->nslots) a->nslots = mark;
    shrink_top(a);
}

size_t kr_handle_count(kr_interp *I) {
    if (!I || !I->api) return 0;
    size_t n = 0;
    for (size_t i = 0; i < I->api->nslots; i++)
        n += !is_null(I->api->slots[i].v);
    return n;
}

/* ---- making values -------------------------------------------------------------------- */

/* Gives obj (NULL after raising) as a handle; resets the temp stack to mark. */
static kr_value *give_obj(Interp *I, void *obj, size_t mark) {
    kr_value *h = obj ? api_give(I, v_obj(obj)) : (api_take_error(I), NULL);
    gc_temp_reset(I, mark);
    return h;
}

kr_value *kr_none(kr_interp *I) {
    return I ? api_give(I, V_NONE) : NULL;
}
kr_value *kr_bool(kr_interp *I, int b) {
    return I ? api_give(I, v_bool(b != 0)) : NULL;
}
kr_value *kr_int(kr_interp *I, long long i) {
    return I ? api_give(I, v_int(i)) : NULL;
}
kr_value *kr_float(kr_interp *I, double d) {
    return I ? api_give(I, v_float(d)) : NULL;
}

kr_value *kr_strn(kr_interp *I, const char *utf8, size_t len) {
    if (!I || (!utf8 && len)) return NULL;
    size_t mark = gc_temp_mark(I);
    if (len && utf8_validate(utf8, len) >= 0) {
        err_format(I, TY_VALUE_ERROR, "kr_str: the text is not valid UTF-8");
        return give_obj(I, NULL, mark);
    }
    return give_obj(I, str_new(I, len ? utf8 : "", len), mark);
}

kr_value *kr_str(kr_interp *I, const char *utf8) {
    if (!utf8) return NULL;
    return kr_strn(I, utf8, strlen(utf8));
}

kr_value *kr_bytes(kr_interp *I, const void *data, size_t len) {
    if (!I || (!data && len)) return NULL;
    size_t mark = gc_temp_mark(I);
    return give_obj(I, bytes_new(I, len ? data : "", len), mark);
}

kr_value *kr_list(kr_interp *I) {
    if (!I) return NULL;
    size_t mark = gc_temp_mark(I);
    return give_obj(I, list_new(I, 0), mark);
}

kr_value *kr_dict(kr_interp *I) {
    if (!I) return NULL;
    size_t mark = gc_temp_mark(I);
    return give_obj(I, dict_new(I), mark);
}

kr_value *kr_tuple(kr_interp *I, int n, kr_value *const *items) {
    if (!I || n < 0 || (n > 0 && !items)) return NULL;
    for (int i = 0; i < n; i++)
        if (!slot_of(I, items[i])) return NULL;
    size_t mark = gc_temp_mark(I);
    Tuple *t = tuple_new(I, (size_t)n);
    if (t)
        for (int i = 0; i < n; i++)
            api_handle_get(I, items[i], &t->items[i]);
    return give_obj(I, t, mark);
}

/* ---- inspecting ----------------------------------------------------------------------- */

int kr_typeof(kr_interp *I, kr_value *v) {
    Value x;
    if (!api_handle_get(I, v, &x)) return KR_TYPE_INVALID;
    switch (x.tag) {
    case KR_TNONE: return KR_TYPE_NONE;
    case KR_TBOOL: return KR_TYPE_BOOL;
    case KR_TINT: return KR_TYPE_INT;
    case KR_TFLOAT: return KR_TYPE_FLOAT;
    default: break;
    }
    Type *t = type_builtin_base(x.as.o->type);
    switch (t->id) {
    case TY_INT: return KR_TYPE_INT;
    case TY_BOOL: return KR_TYPE_BOOL;
    case TY_FLOAT: return KR_TYPE_FLOAT;
    case TY_STR: return KR_TYPE_STR;
    case TY_BYTES: return KR_TYPE_BYTES;
    case TY_LIST: return KR_TYPE_LIST;
    case TY_TUPLE: return KR_TYPE_TUPLE;
    case TY_DICT: return KR_TYPE_DICT;
    case TY_NONE: return KR_TYPE_NONE;
    default: break;
    }
    return callable_check(I, x) ? KR_TYPE_CALLABLE : KR_TYPE_OTHER;
}

const char *kr_type_name(kr_interp *I, kr_value *v) {
    Value x;
    if (!api_handle_get(I, v, &x)) return NULL;
    return type_name(I, x);
}

int kr_is(kr_interp *I, kr_value *a, kr_value *b) {
    Value x, y;
    if (!api_handle_get(I, a, &x) || !api_handle_get(I, b, &y)) return 0;
    return v_is(x, y);
}

/* ---- conversions ---------------------------------------------------------------------- */

static int type_error(Interp *I, const char *what, Value v) {
    err_format(I, TY_TYPE_ERROR, "expected %s, got %s", what, type_name(I, v));
    return api_take_error(I);
}

int kr_to_int(kr_interp *I, kr_value *v, long long *out) {
    Value x;
    if (!api_handle_get(I, v, &x) || !out) return KR_BADARG;
    if (!is_int(I, x)) return type_error(I, "int", x);
    int64_t i;
    size_t mark = gc_temp_mark(I);
    bool ok = int_to_i64(I, x, &i);
    gc_temp_reset(I, mark);
    if (!ok) return api_take_error(I);
    *out = i;
    return KR_OK;
}

int kr_to_float(kr_interp *I, kr_value *v, double *out) {
    Value x;
    if (!api_handle_get(I, v, &x) || !out) return KR_BADARG;
    if (!is_int(I, x) && !is_float_value(I, x)) return type_error(I, "float", x);
    size_t mark = gc_temp_mark(I);
    bool ok = num_to_double(I, x, out);
    gc_temp_reset(I, mark);
    return ok ? KR_OK : api_take_error(I);
}

int kr_to_bool(kr_interp *I, kr_value *v, int *out) {
    Value x;
    if (!api_handle_get(I, v, &x) || !out) return KR_BADARG;
    ApiRun r;
    api_run_begin(I, &r);
    int t = obj_truthy(I, x);
    if (t >= 0) *out = t;
    return api_run_end(I, &r, t < 0 ? V_NULL : V_NONE, NULL);
}

int kr_get_str(kr_interp *I, kr_value *v, const char **utf8, size_t *len) {
    Value x;
    if (!api_handle_get(I, v, &x) || !utf8) return KR_BADARG;
    if (!is_str(I, x)) return type_error(I, "str", x);
    *utf8 = as_str(x)->data;
    if (len) *len = as_str(x)->len;
    return KR_OK;
}

int kr_get_bytes(kr_interp *I, kr_value *v, const void **data, size_t *len) {
    Value x;
    if (!api_handle_get(I, v, &x) || !data || !len) return KR_BADARG;
    if (is_bytes(I, x)) {
        *data = ((Bytes *)x.as.o)->data;
        *len = ((Bytes *)x.as.o)->len;
        return KR_OK;
    }
    if (is_bytearray(I, x)) {
        *data = ((ByteArray *)x.as.o)->data;
        *len = ((ByteArray *)x.as.o)->len;
        return KR_OK;
    }
    return type_error(I, "bytes", x);
}

/* The common shape of a protocol call: result handle in *out (may be NULL). */
#define RUN_VALUE(expr)                                                                            \
    do {                                                                                           \
        ApiRun r_;                                                                                 \
        api_run_begin(I, &r_);                                                                     \
        Value res_ = (expr);                                                                       \
        return api_run_end(I, &r_, res_, out);                                                     \
    } while (0)
#define RUN_STATUS(expr)                                                                           \
    do {                                                                                           \
        ApiRun r_;                                                                                 \
        api_run_begin(I, &r_);                                                                     \
        int st_ = (expr);                                                                          \
        return api_run_end(I, &r_, st_ < 0 ? V_NULL : V_NONE, NULL);                               \
    } while (0)

int kr_to_str(kr_interp *I, kr_value *v, kr_value **out) {
    Value x;
    if (!api_handle_get(I, v, &x) || !out) return KR_BADARG;
    RUN_VALUE(obj_str(I, x));
}

int kr_repr(kr_interp *I, kr_value *v, kr_value **out) {
    Value x;
    if (!api_handle_get(I, v, &x) || !out) return KR_BADARG;
    RUN_VALUE(obj_repr(I, x));
}

/* ---- containers and attributes -------------------------------------------------------- */

int kr_len(kr_interp *I, kr_value *v, long long *out) {
    Value x;
    if (!api_handle_get(I, v, &x) || !out) return KR_BADARG;
    ApiRun r;
    api_run_begin(I, &r);
    int64_t n = obj_len(I, x);
    if (n >= 0) *out = n;
    return api_run_end(I, &r, n < 0 ? V_NULL : V_NONE, NULL);
}

int kr_get_item(kr_interp *I, kr_value *obj, kr_value *key, kr_value **out) {
    Value o, k;
    if (!api_handle_get(I, obj, &o) || !api_handle_get(I, key, &k) || !out) return KR_BADARG;
    RUN_VALUE(obj_getitem(I, o, k));
}

int kr_set_item(kr_interp *I, kr_value *obj, kr_value *key, kr_value *val) {
    Value o, k, v;
    if (!api_handle_get(I, obj, &o) || !api_handle_get(I, key, &k) || !api_handle_get(I, val, &v))
        return KR_BADARG;
    RUN_STATUS(obj_setitem(I, o, k, v));
}

int kr_del_item(kr_interp *I, kr_value *obj, kr_value *key) {
    Value o, k;
    if (!api_handle_get(I, obj, &o) || !api_handle_get(I, key, &k)) return KR_BADARG;
    RUN_STATUS(obj_delitem(I, o, k));
}

int kr_get_index(kr_interp *I, kr_value *obj, long long i, kr_value **out) {
    Value o;
    if (!api_handle_get(I, obj, &o) || !out) return KR_BADARG;
    RUN_VALUE(obj_getitem(I, o, v_int(i)));
}

int kr_set_index(kr_interp *I, kr_value *obj, long long i, kr_value *val) {
    Value o, v;
    if (!api_handle_get(I, obj, &o) || !api_handle_get(I, val, &v)) return KR_BADARG;
    RUN_STATUS(obj_setitem(I, o, v_int(i), v));
}

static Value str_key(Interp *I, const char *key) {
    size_t n = strlen(key);
    if (utf8_validate(key, n) >= 0)
        return err_format(I, TY_VALUE_ERROR, "the key is not valid UTF-8");
    Str *s = str_new(I, key, n);
    return s ? v_obj(s) : V_NULL;
}

static Value get_key(Interp *I, Value o, const char *key) {
    Value k = str_key(I, key);
    return is_null(k) ? k : obj_getitem(I, o, k);
}

static int set_key(Interp *I, Value o, const char *key, Value v) {
    Value k = str_key(I, key);
    return is_null(k) ? -1 : obj_setitem(I, o, k, v);
}

int kr_get_key(kr_interp *I, kr_value *obj, const char *key, kr_value **out) {
    Value o;
    if (!api_handle_get(I, obj, &o) || !key || !out) return KR_BADARG;
    RUN_VALUE(get_key(I, o, key));
}

int kr_set_key(kr_interp *I, kr_value *obj, const char *key, kr_value *val) {
    Value o, v;
    if (!api_handle_get(I, obj, &o) || !api_handle_get(I, val, &v) || !key) return KR_BADARG;
    RUN_STATUS(set_key(I, o, key, v));
}

static int append(Interp *I, Value l, Value v) {
    if (!is_obj(l) || type_builtin_base(l.as.o->type)->id != TY_LIST) {
        err_format(I, TY_TYPE_ERROR, "expected list, got %s", type_name(I, l));
        return -1;
    }
    return list_append(I, as_list(l), v) ? 0 : -1;
}

int kr_append(kr_interp *I, kr_value *list, kr_value *item) {
    Value l, v;
    if (!api_handle_get(I, list, &l) || !api_handle_get(I, item, &v)) return KR_BADARG;
    RUN_STATUS(append(I, l, v));
}

int kr_contains(kr_interp *I, kr_value *obj, kr_value *item, int *out) {
    Value o, v;
    if (!api_handle_get(I, obj, &o) || !api_handle_get(I, item, &v) || !out) return KR_BADARG;
    ApiRun r;
    api_run_begin(I, &r);
    int c = obj_contains(I, o, v);
    if (c >= 0) *out = c;
    return api_run_end(I, &r, c < 0 ? V_NULL : V_NONE, NULL);
}

static Value get_attr(Interp *I, Value o, const char *name) {
    Str *s = str_intern_cstr(I, name);
    return s ? obj_getattr(I, o, s) : V_NULL;
}

static int set_attr(Interp *I, Value o, const char *name, Value v) {
    Str *s = str_intern_cstr(I, name);
    return s ? obj_setattr(I, o, s, v) : -1;
}

int kr_get_attr(kr_interp *I, kr_value *obj, const char *name, kr_value **out) {
    Value o;
    if (!api_handle_get(I, obj, &o) || !name || !out) return KR_BADARG;
    if (utf8_validate(name, strlen(name)) >= 0) return KR_BADARG;
    RUN_VALUE(get_attr(I, o, name));
}

int kr_set_attr(kr_interp *I, kr_value *obj, const char *name, kr_value *val) {
    Value o, v;
    if (!api_handle_get(I, obj, &o) || !api_handle_get(I, val, &v) || !name) return KR_BADARG;
    if (utf8_validate(name, strlen(name)) >= 0) return KR_BADARG;
    RUN_STATUS(set_attr(I, o, name, v));
}

int kr_iter(kr_interp *I, kr_value *obj, kr_value **it) {
    Value o;
    kr_value **out = it;
    if (!api_handle_get(I, obj, &o) || !it) return KR_BADARG;
    RUN_VALUE(obj_iter(I, o));
}

int kr_next(kr_interp *I, kr_value *it, kr_value **item) {
    Value o;
    if (!api_handle_get(I, it, &o) || !item) return KR_BADARG;
    ApiRun r;
    api_run_begin(I, &r);
    Value v;
    if (obj_next_item(I, o, &v) == 0) {
        *item = NULL;
        return api_run_end(I, &r, V_NONE, NULL);
    }
    return api_run_end(I, &r, v, item);
}

/* ---- globals -------------------------------------------------------------------------- */

static Value get_global(Interp *I, const char *name) {
    Module *m = api_main_module(I);
    if (!m) return V_NULL;
    Str *s = str_intern_cstr(I, name);
    if (!s) return V_NULL;
    Value v = dict_get_str(m->dict, s);
    if (is_null(v)) v = module_lazy_get(I, I->builtins->dict, s);
    if (is_null(v)) return err_format(I, TY_NAME_ERROR, "name '%s' is not defined", name);
    return v;
}

static int set_global(Interp *I, const char *name, Value v) {
    Module *m = api_main_module(I);
    Str *s = m ? str_intern_cstr(I, name) : NULL;
    return s ? dict_set_str(I, m->dict, s, v) : -1;
}

int kr_get_global(kr_interp *I, const char *name, kr_value **out) {
    if (!I || !name || !out) return KR_BADARG;
    if (utf8_validate(name, strlen(name)) >= 0) return KR_BADARG;
    RUN_VALUE(get_global(I, name));
}

int kr_set_global(kr_interp *I, const char *name, kr_value *val) {
    Value v;
    if (!name || !api_handle_get(I, val, &v)) return KR_BADARG;
    if (utf8_validate(name, strlen(name)) >= 0) return KR_BADARG;
    RUN_STATUS(set_global(I, name, v));
}

kr_value *kr_globals(kr_interp *I) {
    if (!I) return NULL;
    size_t mark = gc_temp_mark(I);
    Module *m = api_main_module(I);
    return give_obj(I, m ? m->dict : NULL, mark);
}

/* ---- running code --------------------------------------------------------------------- */

int kr_exec(kr_interp *I, const char *source, const char *filename, int mode, kr_value *globals,
            kr_value **result) {
    if (result) *result = NULL;
    if (!I || !source || mode < KR_MODE_EXEC || mode > KR_MODE_SINGLE) return KR_BADARG;
    Dict *d = NULL;
    if (globals) {
        Value g;
        if (!api_handle_get(I, globals, &g)) return KR_BADARG;
        if (!is_dict(I, g)) return type_error(I, "dict", g);
        d = as_dict(g);
    }
    static const int modes[] = {EXEC_FILE, EXEC_EVAL, EXEC_SINGLE};
    return api_exec(I, source, strlen(source), filename ? filename : "<string>", modes[mode], d,
                    result);
}

int kr_eval(kr_interp *I, const char *expr, kr_value **result) {
    return kr_exec(I, expr, "<eval>", KR_MODE_EVAL, NULL, result);
}

/* ---- calling -------------------------------------------------------------------------- */

/* Collects argv (and kwvalues) into a Value array: on the C stack when small. */
typedef struct ArgBuf {
    Value small[8];
    Value *v;
    size_t n;
} ArgBuf;

static int args_collect(Interp *I, ArgBuf *b, int argc, kr_value *const *argv, int nkw,
                        kr_value *const *kwvalues) {
    b->n = (size_t)argc + (size_t)nkw;
    b->v = b->small;
    for (int i = 0; i < argc; i++)
        if (!slot_of(I, argv[i])) return KR_BADARG;
    for (int i = 0; i < nkw; i++)
        if (!slot_of(I, kwvalues[i])) return KR_BADARG;
    if (b->n > 8) {
        b->v = mem_alloc(I, b->n * sizeof(Value));
        if (!b->v) return api_take_error(I);
    }
    for (int i = 0; i < argc; i++)
        api_handle_get(I, argv[i], &b->v[i]);
    for (int i = 0; i < nkw; i++)
        api_handle_get(I, kwvalues[i], &b->v[argc + i]);
    return KR_OK;
}

static void args_free(Interp *I, ArgBuf *b) {
    if (b->v != b->small) mem_free(I, b->v, b->n * sizeof(Value));
}

static Value call_kw(Interp *I, Value f, int argc, Value *args, int nkw,
                     const char *const *kwnames) {
    Tuple *kw = NULL;
    if (nkw > 0) {
        kw = tuple_new(I, (size_t)nkw);
        if (!kw) return V_NULL;
        for (int i = 0; i < nkw; i++) {
            if (utf8_validate(kwnames[i], strlen(kwnames[i])) >= 0)
                return err_format(I, TY_VALUE_ERROR, "keyword name is not valid UTF-8");
            Str *s = str_intern_cstr(I, kwnames[i]);
            if (!s) return V_NULL;
            kw->items[i] = v_obj(s);
        }
    }
    return obj_call(I, f, argc, args, kw);
}

int kr_call_kw(kr_interp *I, kr_value *fn, int argc, kr_value *const *argv, int nkw,
               const char *const *kwnames, kr_value *const *kwvalues, kr_value **result) {
    if (result) *result = NULL;
    Value f;
    if (!api_handle_get(I, fn, &f) || argc < 0 || nkw < 0 || argc > API_MAX_ARGS ||
        nkw > API_MAX_ARGS || (argc && !argv) || (nkw && (!kwnames || !kwvalues)))
        return KR_BADARG;
    for (int i = 0; i < nkw; i++)
        if (!kwnames[i]) return KR_BADARG;
    ArgBuf b;
    int rc = args_collect(I, &b, argc, argv, nkw, kwvalues);
    if (rc != KR_OK) return rc;
    ApiRun r;
    api_run_begin(I, &r);
    Value res = call_kw(I, f, argc, b.v, nkw, kwnames);
    rc = api_run_end(I, &r, res, result);
    args_free(I, &b);
    return rc;
}

int kr_call(kr_interp *I, kr_value *fn, int argc, kr_value *const *argv, kr_value **result) {
    return kr_call_kw(I, fn, argc, argv, 0, NULL, NULL, result);
}

int kr_call_method(kr_interp *I, kr_value *obj, const char *name, int argc, kr_value *const *argv,
                   kr_value **result) {
    if (result) *result = NULL;
    Value o;
    if (!api_handle_get(I, obj, &o) || !name || argc < 0 || argc > API_MAX_ARGS || (argc && !argv))
        return KR_BADARG;
    if (utf8_validate(name, strlen(name)) >= 0) return KR_BADARG;
    ArgBuf b;
    int rc = args_collect(I, &b, argc, argv, 0, NULL);
    if (rc != KR_OK) return rc;
    ApiRun r;
    api_run_begin(I, &r);
    Str *s = str_intern_cstr(I, name);
    Value res = s ? obj_call_method(I, o, s, argc, b.v) : V_NULL;
    rc = api_run_end(I, &r, res, result);
    args_free(I, &b);
    return rc;
}

/* ---- errors --------------------------------------------------------------------------- */

kr_value *kr_error_value(kr_interp *I) {
    if (!I || !I->last_error) return NULL;
    kr_value *h = api_handle_new(I, v_obj(I->last_error));
    if (!h) err_clear(I);
    return h;
}

int kr_raise(kr_interp *I, const char *type_name, const char *fmt, ...) {
    if (!I) return KR_BADARG;
    size_t mark = gc_temp_mark(I);
    TypeId id = TY_RUNTIME_ERROR;
    Str *tn = type_name ? str_intern_cstr(I, type_name) : NULL;
    if (tn) {
        Value t = module_lazy_get(I, I->builtins->dict, tn);
        if (is_obj(t) && t.as.o->type == I->types[TY_TYPE] &&
            type_is_subtype((Type *)t.as.o, I->types[TY_BASE_EXCEPTION]) &&
            ((Type *)t.as.o)->id >= 0)
            id = (TypeId)((Type *)t.as.o)->id;
    }
    err_clear(I);
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = fmt ? vsnprintf(small, sizeof small, fmt, ap) : 0;
    va_end(ap);
    if (n < 0) n = 0, small[0] = '\0';
    if (!fmt) small[0] = '\0';
    if ((size_t)n < sizeof small) {
        err_format(I, id, "%s", small);
    } else {
        char *buf = mem_alloc(I, (size_t)n + 1);
        if (buf) {
            va_start(ap, fmt);
            vsnprintf(buf, (size_t)n + 1, fmt, ap);
            va_end(ap);
            err_format(I, id, "%s", buf);
            mem_free(I, buf, (size_t)n + 1);
        }
    }
    int rc = api_take_error(I);
    gc_temp_reset(I, mark);
    return rc;
}

int kr_raise_value(kr_interp *I, kr_value *exc) {
    Value e;
    if (!api_handle_get(I, exc, &e)) return KR_BADARG;
    ApiRun r;
    api_run_begin(I, &r);
    Value base = v_obj(I->types[TY_BASE_EXCEPTION]);
    bool ok = is_instance(I, e, I->types[TY_BASE_EXCEPTION]) ||
              (is_obj(e) && e.as.o->type == I->types[TY_TYPE] &&
               type_is_subtype((Type *)e.as.o, (Type *)base.as.o));
    if (!ok)
        err_format(I, TY_TYPE_ERROR, "exceptions must derive from BaseException");
    else
        err_set_value(I, e);
    int rc = api_run_end(I, &r, V_NULL, NULL);
    return rc == KR_OK ? KR_ERROR : rc;
}
