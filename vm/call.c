/* call.c: calling Python functions: binding arguments to a new frame's fast locals.
 *
 * The binding follows CPython 3.11's initialize_locals step by step, because the order of
 * its checks decides which TypeError a bad call reports: positionals, *args, keywords
 * (unexpected / positional-only / duplicate), too many positionals, missing positionals
 * and defaults, then keyword-only defaults and missing keyword-only arguments. Messages
 * name the function by its __qualname__ as 3.11 does ("A.m() takes ..."). */
#include <stdio.h>
#include <string.h>

#include "dict.h"
#include "error.h"
#include "frame.h"
#include "seq.h"
#include "str.h"

static Value fmt_missing(Interp *I, Function *fn, Value *fast, uint32_t start, uint32_t end,
                         bool positional) {
    Code *co = fn->code;
    Str *missing[64];
    int n = 0, total = 0;
    for (uint32_t i = start; i < end; i++) {
        if (!is_null(fast[i])) continue;
        if (!positional && fn->kwdefaults &&
            !is_null(dict_get_str(fn->kwdefaults, co->varnames[i])))
            continue;
        if (n < 64) missing[n++] = co->varnames[i];
        total++;
    }
    StrBuf b;
    sb_init(&b);
    for (int i = 0; i < n; i++) {
        if (i > 0) {
            if (n == 2) {
                sb_append_cstr(I, &b, " and ");
            } else {
                sb_append_cstr(I, &b, i == n - 1 ? ", and " : ", ");
            }
        }
        sb_appendf(I, &b, "'%s'", missing[i]->data);
    }
    Str *names = sb_finish(I, &b);
    if (!names) return V_NULL;
    return err_format(I, TY_TYPE_ERROR, "%s() missing %d required %s argument%s: %s",
                      fn->qualname->data, total, positional ? "positional" : "keyword-only",
                      total == 1 ? "" : "s", names->data);
}

static Value too_many_positional(Interp *I, Function *fn, Value *fast, int64_t given) {
    Code *co = fn->code;
    int64_t kwonly_given = 0;
    for (uint32_t i = 0; i < co->kwonlyargcount; i++) {
        if (!is_null(fast[co->argcount + i])) kwonly_given++;
    }
    int64_t defcount = fn->defaults ? (int64_t)fn->defaults->len : 0;
    char sig[64], kwsig[96] = "";
    bool plural;
    if (defcount) {
        snprintf(sig, sizeof sig, "from %lld to %u", (long long)(co->argcount - defcount),
                 co->argcount);
        plural = true;
    } else {
        snprintf(sig, sizeof sig, "%u", co->argcount);
        plural = co->argcount != 1;
    }
    if (kwonly_given) {
        snprintf(kwsig, sizeof kwsig, " positional argument%s (and %lld keyword-only argument%s)",
                 given != 1 ? "s" : "", (long long)kwonly_given, kwonly_given != 1 ? "s" : "");
    }
    return err_format(I, TY_TYPE_ERROR, "%s() takes %s positional argument%s but %lld%s %s given",
                      fn->qualname->data, sig, plural ? "s" : "", (long long)given, kwsig,
                      given == 1 && !kwonly_given ? "was" : "were");
}

static bool posonly_as_keyword(Interp *I, Function *fn, Tuple *kwnames) {
    Code *co = fn->code;
    StrBuf b;
    sb_init(&b);
    int n = 0;
    for (uint32_t i = 0; i < co->posonlyargcount; i++) {
        for (size_t k = 0; k < kwnames->len; k++) {
            if (str_eq(as_str(kwnames->items[k]), co->varnames[i])) {
                if (n++) sb_append_cstr(I, &b, ", ");
                sb_append_str(I, &b, co->varnames[i]);
                break;
            }
        }
    }
    if (!n) {
        sb_free(I, &b);
        return false;
    }
    Str *s = sb_finish(I, &b);
    if (s) {
        err_format(I, TY_TYPE_ERROR,
                   "%s() got some positional-only arguments passed as keyword arguments: '%s'",
                   fn->qualname->data, s->data);
    }
    return true;
}

/* Fill the cells: own cellvars (an argument captured by an inner function starts with the
 * argument's value), then the closure's cells for the free variables. */
static bool bind_cells(Interp *I, Function *fn, Frame *f) {
    Code *co = fn->code;
    for (uint32_t i = 0; i < co->ncellvars; i++) {
        int32_t arg = co->cell2arg ? co->cell2arg[i] : -1;
        Cell *c = cell_new(I, arg >= 0 ? f->fast[arg] : V_NULL);
        if (!c) return false;
        f->cells[i] = v_obj(c);
    }
    for (uint32_t i = 0; i < co->nfreevars; i++) {
        if (!fn->closure || i >= fn->closure->len) {
            err_format(I, TY_SYSTEM_ERROR, "%s: closure does not match the code",
                       fn->qualname->data);
            return false;
        }
        f->cells[co->ncellvars + i] = fn->closure->items[i];
    }
    return true;
}

Frame *call_bind(Interp *I, Function *fn, Value self, int argc, Value *argv, Tuple *kwnames) {
    Code *co = fn->code;
    Frame *f = frame_new(I, co, fn, fn->globals, NULL);
    if (!f) return NULL;
    Value *fast = f->fast;
    int nkw = kwnames ? (int)kwnames->len : 0;
    int npos = argc; /* the vectorcall convention: keyword values follow argv[argc - 1] */
    int64_t given = npos + (is_null(self) ? 0 : 1);
    uint32_t nargs = co->argcount;

    /* Fast path: exactly the positionals, nothing else to collect. */
    if (nkw == 0 && given == nargs && co->kwonlyargcount == 0 &&
        !(co->flags & (CO_VARARGS | CO_VARKEYWORDS))) {
        Value *dst = fast;
        if (!is_null(self)) *dst++ = self;
        for (int i = 0; i < npos; i++)
            dst[i] = argv[i];
        if ((co->ncellvars | co->nfreevars) && !bind_cells(I, fn, f)) goto fail;
        return f;
    }

    uint32_t total_args = nargs + co->kwonlyargcount;
    Dict *kwdict = NULL;
    if (co->flags & CO_VARKEYWORDS) {
        kwdict = dict_new(I);
        if (!kwdict) goto fail;
        fast[total_args + ((co->flags & CO_VARARGS) ? 1 : 0)] = v_obj(kwdict);
    }
    /* Positionals, self first. */
    int64_t n = given < nargs ? given : nargs;
    for (int64_t i = 0; i < n; i++) {
        if (!is_null(self)) {
            fast[i] = i == 0 ? self : argv[i - 1];
        } else {
            fast[i] = argv[i];
        }
    }
    if (co->flags & CO_VARARGS) {
        int64_t extra = given > nargs ? given - nargs : 0;
        Tuple *t = tuple_new(I, (size_t)extra);
        if (!t) goto fail;
        for (int64_t i = 0; i < extra; i++) {
            int64_t l = nargs + i; /* index among the logical positionals (self first) */
            t->items[i] = is_null(self) ? argv[l] : (l == 0 ? self : argv[l - 1]);
        }
        fast[total_args] = v_obj(t);
    }
    /* Keywords. */
    for (int k = 0; k < nkw; k++) {
        Str *key = as_str(kwnames->items[k]);
        Value val = argv[npos + k];
        uint32_t j;
        for (j = co->posonlyargcount; j < total_args; j++) {
            if (co->varnames[j] == key || str_eq(co->varnames[j], key)) break;
        }
        if (j < total_args) {
            if (!is_null(fast[j])) {
                err_format(I, TY_TYPE_ERROR, "%s() got multiple values for argument '%s'",
                           fn->qualname->data, key->data);
                goto fail;
            }
            fast[j] = val;
            continue;
        }
        if (!kwdict) {
            if (co->posonlyargcount && posonly_as_keyword(I, fn, kwnames)) goto fail;
            err_format(I, TY_TYPE_ERROR, "%s() got an unexpected keyword argument '%s'",
                       fn->qualname->data, key->data);
            goto fail;
        }
        if (dict_set(I, kwdict, v_obj(key), val) < 0) goto fail;
    }
    if (given > nargs && !(co->flags & CO_VARARGS)) {
        too_many_positional(I, fn, fast, given);
        goto fail;
    }
    /* Missing positionals and their defaults. */
    if (given < nargs) {
        int64_t defcount = fn->defaults ? (int64_t)fn->defaults->len : 0;
        int64_t m = (int64_t)nargs - defcount;
        for (int64_t i = given; i < m; i++) {
            if (is_null(fast[i])) {
                fmt_missing(I, fn, fast, 0, (uint32_t)(m < 0 ? 0 : m), true);
                goto fail;
            }
        }
        for (int64_t i = (n > m ? n - m : 0); i < defcount; i++) {
            if (is_null(fast[m + i])) fast[m + i] = fn->defaults->items[i];
        }
    }
    if (co->kwonlyargcount) {
        bool missing = false;
        for (uint32_t i = nargs; i < total_args; i++) {
            if (!is_null(fast[i])) continue;
            Value def = fn->kwdefaults ? dict_get_str(fn->kwdefaults, co->varnames[i]) : V_NULL;
            if (!is_null(def)) {
                fast[i] = def;
            } else {
                missing = true;
            }
        }
        if (missing) {
            fmt_missing(I, fn, fast, nargs, total_args, false);
            goto fail;
        }
    }
    if ((co->ncellvars | co->nfreevars) && !bind_cells(I, fn, f)) goto fail;
    return f;
fail:
    frame_free(I, f);
    return NULL;
}

Value vm_call_function(Interp *I, Function *fn, Value self, int argc, Value *argv, Tuple *kwnames) {
    Frame *f = call_bind(I, fn, self, argc, argv, kwnames);
    if (!f) return V_NULL;
    if (fn->code->flags & (CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR)) {
        Value g = generator_new(I, f, fn);
        if (is_null(g)) frame_free(I, f);
        return g;
    }
    Value r = vm_run_frame(I, f, false);
    frame_free(I, f);
    return r;
}

Str *call_func_str(Interp *I, Value func) {
    Value qual = obj_getattr_opt(I, func, I->names.qualname);
    if (is_null(qual) || !is_str(I, qual)) {
        err_clear(I);
        Value s = obj_str(I, func);
        if (is_null(s)) return NULL;
        return as_str(s);
    }
    Value mod = obj_getattr_opt(I, func, I->names.module);
    if (is_null(mod)) err_clear(I);
    if (!is_null(mod) && is_str(I, mod) && strcmp(as_str(mod)->data, "builtins") != 0) {
        return str_printf(I, "%s.%s()", as_str(mod)->data, as_str(qual)->data);
    }
    return str_printf(I, "%s()", as_str(qual)->data);
}
