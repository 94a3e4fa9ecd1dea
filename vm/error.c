/* error.c: raising exceptions from C (err_format and friends) and inspecting the pending
 * one. The pending exception is I->exc; the VM attaches tracebacks and the implicit
 * __context__ as it unwinds, so raising here only builds the instance and stores it. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "dict.h"
#include "error.h"
#include "gc.h"
#include "seq.h"
#include "str.h"

Value err_str(Interp *I, TypeId id, Str *msg) {
    Value m = v_obj(msg);
    Type *t = exc_type(I, id);
    Value e = t ? exc_new(I, t, 1, &m) : V_NULL;
    if (is_null(e)) return V_NULL;
    I->exc = e.as.o;
    return V_NULL;
}

Value err_format(Interp *I, TypeId id, const char *fmt, ...) {
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0) n = 0;
    Str *s;
    if ((size_t)n < sizeof buf) {
        s = str_new(I, buf, (size_t)n);
    } else {
        char *big = mem_alloc(I, (size_t)n + 1);
        if (!big) return V_NULL;
        va_start(ap, fmt);
        vsnprintf(big, (size_t)n + 1, fmt, ap);
        va_end(ap);
        s = str_new(I, big, (size_t)n);
        mem_free(I, big, (size_t)n + 1);
    }
    if (!s) return V_NULL;
    return err_str(I, id, s);
}

Value err_not_exception(Interp *I, Value cls, Value inst, bool type_repr) {
    Value cr = obj_repr(I, cls);
    if (is_null(cr)) return V_NULL;
    if (!gc_temp_push(I, cr)) return V_NULL;
    Value tr = type_repr ? obj_repr(I, v_obj(type_of(I, inst))) : V_NULL;
    if (type_repr && is_null(tr)) return V_NULL;
    return err_format(I, TY_TYPE_ERROR,
                      "calling %s should have returned an instance of BaseException, not %s",
                      as_str(cr)->data, type_repr ? as_str(tr)->data : type_name(I, inst));
}

Value err_set_value(Interp *I, Value exc) {
    Type *base = I->types[TY_BASE_EXCEPTION];
    if (is_obj(exc) && type_is_subtype(exc.as.o->type, I->types[TY_TYPE]) &&
        type_is_subtype((Type *)exc.as.o, base)) {
        Value inst = obj_call(I, exc, 0, NULL, NULL);
        if (is_null(inst)) return V_NULL;
        if (!is_instance(I, inst, base)) return err_not_exception(I, exc, inst, true);
        I->exc = inst.as.o;
        return V_NULL;
    }
    if (is_instance(I, exc, base)) {
        I->exc = exc.as.o;
        return V_NULL;
    }
    return err_format(I, TY_TYPE_ERROR, "exceptions must derive from BaseException");
}

/* The preallocated instance is reused: clear what the last raise left on it. */
Value err_nomem(Interp *I) {
    ExcObj *e = I->memory_error;
    if (!e) return V_NULL; /* start-up, before the instance exists */
    e->traceback = NULL;
    e->cause = V_NONE;
    e->context = V_NONE;
    e->suppress_context = false;
    I->exc = (Obj *)e;
    return V_NULL;
}

Value err_keyerror(Interp *I, Value key) {
    Type *t = exc_type(I, TY_KEY_ERROR);
    Value e = t ? exc_new(I, t, 1, &key) : V_NULL;
    if (!is_null(e)) I->exc = e.as.o;
    return V_NULL;
}

Value err_stopiteration(Interp *I, Value value) {
    Value e =
        exc_new(I, I->types[TY_STOP_ITERATION], (is_null(value) || is_none(value)) ? 0 : 1, &value);
    if (!is_null(e)) I->exc = e.as.o;
    return V_NULL;
}

Value err_attribute(Interp *I, Value obj, Str *name) {
    Type *t = type_of(I, obj);
    if (t->id == TY_MODULE) {
        Module *m = (Module *)obj.as.o;
        Value mn = dict_get_str(m->dict, I->names.name);
        const char *n = (!is_null(mn) && is_str(I, mn)) ? as_str(mn)->data
                        : m->name                       ? m->name->data
                                                        : "?";
        err_format(I, TY_ATTRIBUTE_ERROR, "module '%s' has no attribute '%s'", n, name->data);
    } else if (is_obj(obj) && type_is_subtype(t, I->types[TY_TYPE])) {
        err_format(I, TY_ATTRIBUTE_ERROR, "type object '%s' has no attribute '%s'",
                   ((Type *)obj.as.o)->name->data, name->data);
    } else {
        err_format(I, TY_ATTRIBUTE_ERROR, "'%s' object has no attribute '%s'", t->name->data,
                   name->data);
    }
    /* name and obj, for the traceback's "Did you mean" suggestion */
    if (I->exc && I->exc->type == I->types[TY_ATTRIBUTE_ERROR]) {
        ExcObj *e = (ExcObj *)I->exc;
        if (is_obj(e->extra) && as_tuple(e->extra)->len == 2) {
            as_tuple(e->extra)->items[0] = v_obj(name);
            as_tuple(e->extra)->items[1] = obj;
        }
    }
    return V_NULL;
}

Value err_syntax(Interp *I, TypeId id, const char *msg, Str *filename, int lineno, int offset,
                 Str *text, int end_lineno, int end_offset) {
    Str *m = str_from_cstr(I, msg);
    if (!m) return V_NULL;
    Value info[6] = {
        filename ? v_obj(filename) : V_NONE,         lineno > 0 ? v_int(lineno) : V_NONE,
        offset > 0 ? v_int(offset) : V_NONE,         text ? v_obj(text) : V_NONE,
        end_lineno > 0 ? v_int(end_lineno) : V_NONE, end_offset > 0 ? v_int(end_offset) : V_NONE,
    };
    Tuple *t = tuple_from_array(I, info, 6);
    if (!t) return V_NULL;
    Value args[2] = {v_obj(m), v_obj(t)};
    Type *type = exc_type(I, id);
    Value e = type ? exc_new(I, type, 2, args) : V_NULL;
    if (!is_null(e)) I->exc = e.as.o;
    return V_NULL;
}

bool err_occurred(Interp *I) {
    return I->exc != NULL;
}

bool err_matches(Interp *I, TypeId id) {
    return I->exc && type_is_subtype(I->exc->type, I->types[id]);
}

Obj *err_fetch(Interp *I) {
    Obj *e = I->exc;
    I->exc = NULL;
    return e;
}

void err_restore(Interp *I, Obj *exc) {
    I->exc = exc;
}

void err_clear(Interp *I) {
    I->exc = NULL;
}
