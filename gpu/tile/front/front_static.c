/* front_static.c: ct.static_eval(expr) and ct.static_iter(iterable), the two calls whose
 * argument is not compiled as tile code but evaluated as Python at compile time (cuTile 1.7:
 * "treated like a keyword"). The argument's source text (from the kernel's or helper's own
 * source, by the AST positions) is run by the interpreter's eval in a copy of the
 * function's globals with the compile-time values of its variables bound over them (ints,
 * floats, bools, strings, None, tuples of them, dtypes, host objects). The result comes
 * back as a compile-time FrontValue; static_iter's is an iterable turned into a tuple,
 * which a `for` unrolls.
 *
 * Limit (docs/TILES.md): run-time values (tiles, arrays, scalars) are not visible inside
 * the expression; cuTile passes proxies for them. Naming one is a TypeError that says so. */
#include <string.h>

#include "../../../vm/dict.h"
#include "../../../vm/gc.h"
#include "../../../vm/object.h"
#include "front_internal.h"

enum { FE_STATIC_ITER_MAX = 1000 };

/* A compile-time FrontValue as a host object; false (nothing raised) when it is not one. */
static bool fe_to_host(Front *F, const FrontValue *v, Value *out) {
    Interp *I = F->I;
    switch (v->kind) {
    case FV_NONE: *out = V_NONE; return true;
    case FV_BOOL: *out = v_bool(v->u.b); return true;
    case FV_INT: *out = int_from_i64(I, v->u.i); return !is_null(*out);
    case FV_FLOAT: *out = v_float(v->u.f); return true;
    case FV_STR: {
        Str *s = str_from_cstr(I, v->u.str.s);
        *out = s ? v_obj(s) : V_NULL;
        return s != NULL;
    }
    case FV_HOST: *out = v->u.host.obj; return true;
    case FV_DTYPE: {
        if (!F->host->tile_module) return false;
        const char *name = v->u.dtype == TDT_BOOL ? "bool_" : tile_dtype_name(v->u.dtype);
        Str *k = str_intern_cstr(I, name);
        *out = k ? dict_get_str(F->host->tile_module->dict, k) : V_NULL;
        return !is_null(*out);
    }
    case FV_TUPLE: {
        Tuple *t = tuple_new(I, (size_t)v->u.tuple.n);
        if (!t || !gc_temp_push(I, v_obj(t))) return false;
        for (int i = 0; i < v->u.tuple.n; i++)
            if (!fe_to_host(F, &v->u.tuple.items[i], &t->items[i])) return false;
        *out = v_obj(t);
        return true;
    }
    default: return false;
    }
}

static bool fe_ident_char(char c) {
    return c == '_' || (unsigned)((c | 32) - 'a') < 26u || (unsigned)(c - '0') < 10u ||
           (unsigned char)c >= 0x80;
}

/* The source text of e, from the current function's source ("" positions unknown). */
static const char *fe_expr_text(Front *F, const AstExpr *e, size_t *len) {
    Code *co = ((Function *)as_obj(F->frame->fn))->code;
    Str *src = co->source ? co->source : co->text;
    if (!src || e->pos.end_line <= 0) return NULL;
    const char *p = src->data, *end = src->data + src->len;
    const char *start = NULL, *stop = NULL;
    for (int line = 1; p <= end; line++) {
        if (line == e->pos.line) start = p + e->pos.col;
        if (line == e->pos.end_line) {
            stop = p + e->pos.end_col;
            break;
        }
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl) break;
        p = nl + 1;
    }
    if (!start || !stop || stop < start || stop > end) return NULL;
    *len = (size_t)(stop - start);
    return start;
}

bool fe_static_eval(Front *F, AstExpr *call, int intr, FrontValue *out) {
    Interp *I = F->I;
    AstPos pos = call->pos;
    const char *fname = intr == TI_STATIC_ITER ? "static_iter" : "static_eval";
    if (call->u.call.args.len != 1 || call->u.call.nkeywords ||
        call->u.call.args.items[0]->kind == EXPR_STARRED)
        return fe_error(F, pos, TY_TYPE_ERROR, "%s() takes exactly one argument", fname);
    AstExpr *arg = call->u.call.args.items[0];
    size_t n = 0;
    const char *text = fe_expr_text(F, arg, &n);
    if (!text)
        return fe_error(F, pos, TY_TYPE_ERROR, "%s(): the expression's source is not available",
                        fname);
    size_t mark = gc_temp_mark(I);
    bool ok = false;
    /* parenthesized, so an expression split over lines evaluates as written */
    char *buf = mem_alloc(I, n + 3);
    if (!buf) goto done;
    buf[0] = '(';
    memcpy(buf + 1, text, n);
    buf[n + 1] = ')';
    buf[n + 2] = '\0';
    Str *code = str_new(I, buf, n + 2);
    mem_free(I, buf, n + 3);
    /* krait's eval takes one namespace: a copy of the globals with the locals over them */
    Dict *locals = code ? dict_copy(I, F->frame->globals) : NULL;
    if (!locals || !gc_temp_push(I, v_obj(code)) || !gc_temp_push(I, v_obj(locals))) goto done;
    const char *runtime_name = NULL; /* a run-time variable the text mentions */
    for (int i = 0; i < F->frame->nvars; i++) {
        FrontVar *var = &F->frame->vars[i];
        Value hv;
        if (var->slot < 0 && var->v.kind != FV_UNDEF && fe_to_host(F, &var->v, &hv)) {
            Str *k = str_from_cstr(I, var->name);
            if (!k || dict_set(I, locals, v_obj(k), hv) < 0) goto done;
            continue;
        }
        if (I->exc) goto done;
        size_t nl = strlen(var->name);
        for (const char *q = text; q + nl <= text + n; q++)
            if (memcmp(q, var->name, nl) == 0 && (q == text || !fe_ident_char(q[-1])) &&
                (q + nl == text + n || !fe_ident_char(q[nl])))
                runtime_name = var->name;
    }
    if (runtime_name) {
        fe_error(F, pos, TY_TYPE_ERROR,
                 "%s(): '%s' is a run-time value; krait evaluates only compile-time values "
                 "(constants, tuples, dtypes, globals) there",
                 fname, runtime_name);
        goto done;
    }
    Str *ek = str_intern_cstr(I, "eval");
    Value evalf = ek ? module_lazy_get(I, I->builtins->dict, ek) : V_NULL;
    if (is_null(evalf)) goto done;
    Value argv[2] = {v_obj(code), v_obj(locals)};
    Value r = obj_call(I, evalf, 2, argv, NULL);
    if (is_null(r)) {
        /* the Python error, named as the kernel's line */
        Obj *exc = err_fetch(I);
        Value msg = exc ? exc_str(I, v_obj(exc)) : V_NULL;
        fe_error(F, pos, TY_TYPE_ERROR, "%s(): %s: %s", fname,
                 exc ? type_name(I, v_obj(exc)) : "error", is_str(I, msg) ? as_str(msg)->data : "");
        goto done;
    }
    if (!gc_temp_push(I, r)) goto done;
    if (intr == TI_STATIC_ITER) {
        List *items = list_from_iter(I, r);
        if (!items) {
            err_clear(I);
            fe_error(F, pos, TY_TYPE_ERROR, "static_iter(): the expression is not iterable");
            goto done;
        }
        if (items->len > FE_STATIC_ITER_MAX) {
            fe_error(F, pos, TY_VALUE_ERROR, "static_iter(): %zu items; at most %d", items->len,
                     FE_STATIC_ITER_MAX);
            goto done;
        }
        r = v_obj(items);
        if (!gc_temp_push(I, r)) goto done;
    }
    ok = fe_from_host(F, pos, r, out);
done:
    gc_temp_reset(I, mark);
    return ok;
}
