/* exception.c: BaseException and the exception types with extra behaviour.
 *
 * Every exception is an ExcObj (object.h). interp.c builds each type of BUILTIN_EXCEPTIONS
 * from the spec exception_spec_for() gives, overriding its name and base: BaseException
 * gets the methods and attributes all exceptions share; most others a plain spec that adds
 * nothing (they inherit through the mro, so their dicts stay small); a few a spec with
 * their own attributes and str. The per-type state lives in ExcObj.extra:
 *   SystemExit: code; StopIteration: value;
 *   OSError: (errno, strerror, filename, filename2);
 *   SyntaxError: (filename, lineno, offset, text, end_lineno, end_offset, msg);
 *   ImportError: (name, path); AttributeError: (name, obj); NameError: (name,).
 * It is computed from the constructor's arguments, in `new` and again in __init__. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "dict.h"
#include "error.h"
#include "gc.h"
#include "number.h"
#include "seq.h"
#include "str.h"

typedef enum ExcKind {
    EK_PLAIN,
    EK_SYSTEM_EXIT,
    EK_STOP_ITERATION,
    EK_KEY_ERROR,
    EK_OS_ERROR,
    EK_SYNTAX_ERROR,
    EK_IMPORT_ERROR,
    EK_ATTRIBUTE_ERROR,
    EK_NAME_ERROR,
    EK_UNICODE_DECODE,
    EK_UNICODE_ENCODE,
} ExcKind;

static ExcKind exc_kind(Type *t) {
    for (; t; t = t->base) {
        switch (t->id) {
        case TY_SYSTEM_EXIT: return EK_SYSTEM_EXIT;
        case TY_STOP_ITERATION: return EK_STOP_ITERATION;
        case TY_KEY_ERROR: return EK_KEY_ERROR;
        case TY_OS_ERROR: return EK_OS_ERROR;
        case TY_SYNTAX_ERROR: return EK_SYNTAX_ERROR;
        case TY_IMPORT_ERROR: return EK_IMPORT_ERROR;
        case TY_ATTRIBUTE_ERROR: return EK_ATTRIBUTE_ERROR;
        case TY_NAME_ERROR: return EK_NAME_ERROR;
        case TY_UNICODE_DECODE_ERROR: return EK_UNICODE_DECODE;
        case TY_UNICODE_ENCODE_ERROR: return EK_UNICODE_ENCODE;
        case TY_BASE_EXCEPTION: return EK_PLAIN;
        default: break;
        }
    }
    return EK_PLAIN;
}

static ExcObj *as_exc(Value v) {
    return (ExcObj *)v.as.o;
}

static bool is_exc(Interp *I, Value v) {
    return is_obj(v) && (v.as.o->type->flags & TF_EXCEPTION);
}

/* ---- construction ------------------------------------------------------------------ */

static Tuple *tuple_of(Interp *I, int n, Value fill) {
    Tuple *t = tuple_new(I, (size_t)n);
    if (t)
        for (int i = 0; i < n; i++)
            t->items[i] = fill;
    return t;
}

/* Keyword arguments some exceptions accept (ImportError's name and path...). */
static bool exc_kwargs(Interp *I, Type *t, ExcKind kind, int argc, Value *argv, Tuple *kw,
                       Value *out, const char *a, const char *b) {
    size_t nkw = kw ? kw->len : 0;
    for (size_t k = 0; k < nkw; k++) {
        const char *key = as_str(kw->items[k])->data;
        if (a && strcmp(key, a) == 0)
            out[0] = argv[argc + k];
        else if (b && strcmp(key, b) == 0)
            out[1] = argv[argc + k];
        else if (!a) {
            err_format(I, TY_TYPE_ERROR, "%s() takes no keyword arguments", t->name->data);
            return false;
        } else {
            err_format(I, TY_TYPE_ERROR, "'%s' is an invalid keyword argument for %s()", key,
                       t->name->data);
            return false;
        }
    }
    return true;
}

static bool syntax_init(Interp *I, ExcObj *e, int argc, Value *argv) {
    Tuple *x = tuple_of(I, 7, V_NONE);
    if (!x) return false;
    e->extra = v_obj(x);
    if (argc >= 1) x->items[6] = argv[0];
    if (argc == 2) {
        Tuple *info = tuple_from_iter(I, argv[1]);
        if (!info) return false;
        if (info->len < 4 || info->len > 6) {
            err_format(I, TY_TYPE_ERROR, "function takes at %s 4 arguments (%zu given)",
                       info->len < 4 ? "least" : "most", info->len);
            return false;
        }
        for (size_t i = 0; i < info->len; i++)
            x->items[i] = info->items[i];
    }
    return true;
}

static bool os_init(Interp *I, ExcObj *e, int argc, Value *argv) {
    Tuple *x = tuple_of(I, 4, V_NONE);
    if (!x) return false;
    e->extra = v_obj(x);
    if (argc >= 2 && argc <= 5) {
        x->items[0] = argv[0];
        x->items[1] = argv[1];
        if (argc >= 3) {
            x->items[2] = argv[2];
            if (argc == 5) x->items[3] = argv[4];
            Tuple *a = tuple_from_array(I, argv, 2); /* args keeps (errno, strerror) */
            if (!a) return false;
            e->args = a;
        }
    }
    return true;
}

/* Sets args and the per-type state from the constructor's arguments. */
static bool exc_init(Interp *I, ExcObj *e, int argc, Value *argv, Tuple *kw, bool check_kw) {
    Type *t = e->hdr.type;
    ExcKind kind = exc_kind(t);
    Value kv[2] = {V_NONE, V_NONE};
    const char *ka = NULL, *kb = NULL;
    if (kind == EK_IMPORT_ERROR) ka = "name", kb = "path";
    if (kind == EK_ATTRIBUTE_ERROR) ka = "name", kb = "obj";
    if (kind == EK_NAME_ERROR) ka = "name";
    if (check_kw && !exc_kwargs(I, t, kind, argc, argv, kw, kv, ka, kb)) return false;
    Tuple *args = argc ? tuple_from_array(I, argv, (size_t)argc) : I->empty_tuple;
    if (!args) return false;
    e->args = args;
    switch (kind) {
    case EK_SYSTEM_EXIT:
        e->extra = argc == 0 ? V_NONE : argc == 1 ? argv[0] : v_obj(args);
        return true;
    case EK_STOP_ITERATION: e->extra = argc ? argv[0] : V_NONE; return true;
    case EK_OS_ERROR: return os_init(I, e, argc, argv);
    case EK_SYNTAX_ERROR: return syntax_init(I, e, argc, argv);
    case EK_IMPORT_ERROR:
    case EK_ATTRIBUTE_ERROR:
    case EK_NAME_ERROR: {
        Tuple *x = tuple_from_array(I, kv, kind == EK_NAME_ERROR ? 1 : 2);
        if (!x) return false;
        e->extra = v_obj(x);
        return true;
    }
    default: return true;
    }
}

/* NULL after raising (a class made at its first use could not be). */
static Type *oserror_subtype(Interp *I, Value code) {
    if (!is_smallint(code)) return exc_type(I, TY_OS_ERROR);
    switch (code.as.i) {
    case ENOENT: return exc_type(I, TY_FILE_NOT_FOUND_ERROR);
    case EEXIST: return exc_type(I, TY_FILE_EXISTS_ERROR);
    case EACCES:
    case EPERM: return exc_type(I, TY_PERMISSION_ERROR);
    case EISDIR: return exc_type(I, TY_IS_A_DIRECTORY_ERROR);
    case ENOTDIR: return exc_type(I, TY_NOT_A_DIRECTORY_ERROR);
    case ETIMEDOUT: return exc_type(I, TY_TIMEOUT_ERROR);
    case EAGAIN:
    case EALREADY:
    case EINPROGRESS: return exc_type(I, TY_BLOCKING_IO_ERROR);
    case ECHILD: return exc_type(I, TY_CHILD_PROCESS_ERROR);
    case EINTR: return exc_type(I, TY_INTERRUPTED_ERROR);
    case ESRCH: return exc_type(I, TY_PROCESS_LOOKUP_ERROR);
    case EPIPE:
    case ESHUTDOWN: return exc_type(I, TY_BROKEN_PIPE_ERROR);
    case ECONNABORTED: return exc_type(I, TY_CONNECTION_ABORTED_ERROR);
    case ECONNREFUSED: return exc_type(I, TY_CONNECTION_REFUSED_ERROR);
    case ECONNRESET: return exc_type(I, TY_CONNECTION_RESET_ERROR);
    default: return exc_type(I, TY_OS_ERROR);
    }
}

/* BaseException's `new` slot. A builtin exception type is complete after it; a class
 * deriving from one then runs its __init__ (type_call), which may call BaseException's. */
static Value exc_new_slot(Interp *I, Type *t, int argc, Value *argv, Tuple *kw) {
    if (type_is_subtype(t, I->types[TY_BASE_EXCEPTION_GROUP]))
        return excgroup_new(I, t, argc, argv, kw);
    if (t == I->types[TY_OS_ERROR] && argc >= 2 && !(t = oserror_subtype(I, argv[0])))
        return V_NULL;
    Value o = object_alloc(I, t);
    if (is_null(o)) return o;
    bool builtin = !(t->flags & TF_HEAPTYPE);
    if (!exc_init(I, as_exc(o), argc, argv, kw, builtin)) return V_NULL;
    return o;
}

Value exc_new(Interp *I, Type *type, int argc, Value *argv) {
    if (type->flags & TF_HEAPTYPE) return obj_call(I, v_obj(type), argc, argv, NULL);
    return exc_new_slot(I, type, argc, argv, NULL);
}

ExcObj *exc_prealloc_memory_error(Interp *I) {
    Value o = object_alloc(I, I->types[TY_MEMORY_ERROR]);
    return is_null(o) ? NULL : as_exc(o);
}

/* ---- str and repr ------------------------------------------------------------------ */

static Value base_str(Interp *I, ExcObj *e) {
    Tuple *a = e->args;
    if (!a || a->len == 0) return v_obj(I->empty_str);
    if (a->len == 1) return obj_str(I, a->items[0]);
    return obj_str(I, v_obj(a));
}

static Value exc_str_slot(Interp *I, Value self) {
    return base_str(I, as_exc(self));
}

static Value keyerror_str(Interp *I, Value self) {
    ExcObj *e = as_exc(self);
    if (e->args && e->args->len == 1) return obj_repr(I, e->args->items[0]);
    return base_str(I, e);
}

static Value extra_item(ExcObj *e, size_t i) {
    if (!is_obj(e->extra)) return V_NONE;
    Tuple *x = as_tuple(e->extra);
    return i < x->len ? x->items[i] : V_NONE;
}

static Value oserror_str(Interp *I, Value self) {
    ExcObj *e = as_exc(self);
    Value no = extra_item(e, 0), msg = extra_item(e, 1), f1 = extra_item(e, 2),
          f2 = extra_item(e, 3);
    if (is_none(no) && is_none(msg)) return base_str(I, e);
    StrBuf b;
    sb_init(&b);
    Value ns = obj_str(I, no), ms = obj_str(I, msg);
    if (is_null(ns) || is_null(ms)) return V_NULL;
    sb_appendf(I, &b, "[Errno %s] %s", as_str(ns)->data, as_str(ms)->data);
    if (!is_none(f1)) {
        sb_append_cstr(I, &b, ": ");
        sb_append_repr(I, &b, f1);
        if (!is_none(f2)) {
            sb_append_cstr(I, &b, " -> ");
            sb_append_repr(I, &b, f2);
        }
    }
    Str *s = sb_finish(I, &b);
    return s ? v_obj(s) : V_NULL;
}

static Value syntaxerror_str(Interp *I, Value self) {
    ExcObj *e = as_exc(self);
    Value msg = obj_str(I, extra_item(e, 6));
    if (is_null(msg)) return msg;
    Value fn = extra_item(e, 0), ln = extra_item(e, 1);
    const char *file = NULL;
    if (is_str(I, fn)) {
        file = as_str(fn)->data;
        const char *slash = memrchr(file, '/', as_str(fn)->len);
        if (slash) file = slash + 1;
    }
    bool have_line = is_smallint(ln);
    const char *m = as_str(msg)->data;
    if (file && have_line)
        return v_obj(str_printf(I, "%s (%s, line %lld)", m, file, (long long)ln.as.i));
    if (file) return v_obj(str_printf(I, "%s (%s)", m, file));
    if (have_line) return v_obj(str_printf(I, "%s (line %lld)", m, (long long)ln.as.i));
    return msg;
}

/* UnicodeDecodeError(encoding, object, start, end, reason) and the encode twin. */
static Value unicode_str(Interp *I, Value self, bool decode) {
    ExcObj *e = as_exc(self);
    Tuple *a = e->args;
    if (!a || a->len != 5 || !is_str(I, a->items[0]) || !is_smallint(a->items[2]) ||
        !is_smallint(a->items[3]) || !is_str(I, a->items[4]))
        return base_str(I, e);
    const char *enc = as_str(a->items[0])->data, *why = as_str(a->items[4])->data;
    int64_t start = a->items[2].as.i, end = a->items[3].as.i;
    Value obj = a->items[1];
    if (end == start + 1 && decode && is_bytes(I, obj) && start >= 0 &&
        (size_t)start < ((Bytes *)obj.as.o)->len)
        return v_obj(str_printf(I, "'%s' codec can't decode byte 0x%02x in position %lld: %s", enc,
                                ((Bytes *)obj.as.o)->data[start], (long long)start, why));
    if (end == start + 1 && !decode && is_str(I, obj) && start >= 0 &&
        (size_t)start < as_str(obj)->nchars) {
        Str *s = as_str(obj);
        size_t pos = 0;
        uint32_t cp = 0;
        for (int64_t i = 0; i <= start; i++)
            cp = utf8_decode(s->data, &pos);
        char ch[16];
        if (cp < 0x100)
            snprintf(ch, sizeof ch, "\\x%02x", cp);
        else if (cp < 0x10000)
            snprintf(ch, sizeof ch, "\\u%04x", cp);
        else
            snprintf(ch, sizeof ch, "\\U%08x", cp);
        return v_obj(str_printf(I, "'%s' codec can't encode character '%s' in position %lld: %s",
                                enc, ch, (long long)start, why));
    }
    return v_obj(str_printf(I, "'%s' codec can't %s %s in position %lld-%lld: %s", enc,
                            decode ? "decode" : "encode", decode ? "bytes" : "characters",
                            (long long)start, (long long)(end - 1), why));
}

static Value unicode_decode_str(Interp *I, Value self) {
    return unicode_str(I, self, true);
}
static Value unicode_encode_str(Interp *I, Value self) {
    return unicode_str(I, self, false);
}

static Value exc_repr_slot(Interp *I, Value self) {
    ExcObj *e = as_exc(self);
    const char *name = type_name(I, self);
    Tuple *a = e->args;
    Value r = (a && a->len == 1) ? obj_repr(I, a->items[0])
                                 : obj_repr(I, a ? v_obj(a) : v_obj(I->empty_tuple));
    if (is_null(r)) return r;
    if (a && a->len == 1) return v_obj(str_printf(I, "%s(%s)", name, as_str(r)->data));
    return v_obj(str_printf(I, "%s%s", name, as_str(r)->data));
}

Value exc_str(Interp *I, Value exc) {
    return obj_str(I, exc);
}

static void exc_trace(Interp *I, Obj *o) {
    ExcObj *e = (ExcObj *)o;
    gc_mark_obj(I, (Obj *)e->dict);
    gc_mark_obj(I, (Obj *)e->args);
    gc_mark_value(I, e->cause);
    gc_mark_value(I, e->context);
    gc_mark_obj(I, e->traceback);
    gc_mark_value(I, e->extra);
}

/* ---- methods ----------------------------------------------------------------------- */

static bool check_self(Interp *I, int argc, Value *argv, const char *name) {
    if (argc >= 1 && is_exc(I, argv[0])) return true;
    err_format(I, TY_TYPE_ERROR, "descriptor '%s' requires a 'BaseException' object", name);
    return false;
}

static Value exc_init_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!check_self(I, argc, argv, "__init__")) return V_NULL;
    return exc_init(I, as_exc(argv[0]), argc - 1, argv + 1, kw, true) ? V_NONE : V_NULL;
}

static Value exc_new_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (argc < 1)
        return err_format(I, TY_TYPE_ERROR, "BaseException.__new__(): not enough arguments");
    Value c = argv[0];
    if (!is_obj(c) || !type_is_subtype(c.as.o->type, I->types[TY_TYPE]))
        return err_format(I, TY_TYPE_ERROR, "BaseException.__new__(X): X is not a type object (%s)",
                          type_name(I, c));
    Type *t = (Type *)c.as.o;
    if (!(t->flags & TF_EXCEPTION))
        return err_format(I, TY_TYPE_ERROR,
                          "BaseException.__new__(%s): %s is not a subtype of BaseException",
                          t->name->data, t->name->data);
    Value o = object_alloc(I, t);
    if (is_null(o)) return o;
    if (!exc_init(I, as_exc(o), argc - 1, argv + 1, kw, false)) return V_NULL;
    return o;
}

static Value exc_str_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!check_self(I, argc, argv, "__str__") || !arg_count(I, "__str__", argc - 1, 0, 0))
        return V_NULL;
    Value (*f)(Interp *, Value) = type_builtin_base(argv[0].as.o->type)->slots.str;
    return f ? f(I, argv[0]) : exc_str_slot(I, argv[0]);
}

static Value exc_repr_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!check_self(I, argc, argv, "__repr__") || !arg_count(I, "__repr__", argc - 1, 0, 0))
        return V_NULL;
    return exc_repr_slot(I, argv[0]);
}

static int set_traceback(Interp *I, ExcObj *e, Value tb) {
    if (is_none(tb)) {
        e->traceback = NULL;
        return 0;
    }
    if (!is_obj(tb) || tb.as.o->type != I->types[TY_TRACEBACK]) {
        err_format(I, TY_TYPE_ERROR, "__traceback__ must be a traceback or None");
        return -1;
    }
    e->traceback = tb.as.o;
    return 0;
}

static Value exc_with_traceback(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!check_self(I, argc, argv, "with_traceback") ||
        !arg_count(I, "with_traceback", argc - 1, 1, 1))
        return V_NULL;
    if (set_traceback(I, as_exc(argv[0]), argv[1]) < 0) return V_NULL;
    return argv[0];
}

static Value exc_add_note(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!check_self(I, argc, argv, "add_note") || !arg_count(I, "add_note", argc - 1, 1, 1))
        return V_NULL;
    if (!is_str(I, argv[1]))
        return err_format(I, TY_TYPE_ERROR, "note must be a str, not '%s'", type_name(I, argv[1]));
    Str *key = str_intern_cstr(I, "__notes__");
    if (!key) return V_NULL;
    Value notes;
    int has = obj_lookup_attr(I, argv[0], key, &notes);
    if (has < 0) return V_NULL;
    if (has == 0) {
        List *l = list_new(I, 1);
        if (!l || obj_setattr(I, argv[0], key, v_obj(l)) < 0) return V_NULL;
        notes = v_obj(l);
    }
    if (!is_obj(notes) || notes.as.o->type != I->types[TY_LIST])
        return err_format(I, TY_TYPE_ERROR, "Cannot add note: __notes__ is not a list");
    return list_append(I, as_list(notes), argv[1]) ? V_NONE : V_NULL;
}

static Value exc_reduce(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!check_self(I, argc, argv, "__reduce__")) return V_NULL;
    ExcObj *e = as_exc(argv[0]);
    Tuple *t = tuple_pack(I, 2, v_obj(type_of(I, argv[0])), v_obj(e->args));
    return t ? v_obj(t) : V_NULL;
}

static const MethodDef base_exception_methods[] = {
    {"__init__", exc_init_native, 0},
    {"__new__", exc_new_native, METH_STATIC},
    {"__str__", exc_str_native, 0},
    {"__repr__", exc_repr_native, 0},
    {"with_traceback", exc_with_traceback, 0},
    {"add_note", exc_add_note, 0},
    {"__reduce__", exc_reduce, 0},
    {NULL, NULL, 0},
};

/* ---- attributes -------------------------------------------------------------------- */

static Value get_args(Interp *I, Value self) {
    ExcObj *e = as_exc(self);
    return v_obj(e->args ? e->args : I->empty_tuple);
}
static int set_args(Interp *I, Value self, Value v) {
    if (is_null(v)) {
        err_format(I, TY_TYPE_ERROR, "args may not be deleted");
        return -1;
    }
    Tuple *t = tuple_from_iter(I, v);
    if (!t) return -1;
    as_exc(self)->args = t;
    return 0;
}

static Value get_traceback(Interp *I, Value self) {
    Obj *tb = as_exc(self)->traceback;
    return tb ? v_obj(tb) : V_NONE;
}
static int set_traceback_attr(Interp *I, Value self, Value v) {
    if (is_null(v)) {
        err_format(I, TY_TYPE_ERROR, "__traceback__ may not be deleted");
        return -1;
    }
    return set_traceback(I, as_exc(self), v);
}

static Value none_if_null(Value v) {
    return is_null(v) ? V_NONE : v;
}

static Value get_cause(Interp *I, Value self) {
    return none_if_null(as_exc(self)->cause);
}
static int set_cause(Interp *I, Value self, Value v) {
    if (is_null(v)) {
        err_format(I, TY_TYPE_ERROR, "__cause__ may not be deleted");
        return -1;
    }
    if (!is_none(v) && !is_exc(I, v)) {
        err_format(I, TY_TYPE_ERROR, "exception cause must be None or derive from BaseException");
        return -1;
    }
    as_exc(self)->cause = v;
    as_exc(self)->suppress_context = true;
    return 0;
}

static Value get_context(Interp *I, Value self) {
    return none_if_null(as_exc(self)->context);
}
static int set_context(Interp *I, Value self, Value v) {
    if (is_null(v)) {
        err_format(I, TY_TYPE_ERROR, "__context__ may not be deleted");
        return -1;
    }
    if (!is_none(v) && !is_exc(I, v)) {
        err_format(I, TY_TYPE_ERROR, "exception context must be None or derive from BaseException");
        return -1;
    }
    as_exc(self)->context = v;
    return 0;
}

static Value get_suppress(Interp *I, Value self) {
    return v_bool(as_exc(self)->suppress_context);
}
static int set_suppress(Interp *I, Value self, Value v) {
    if (is_null(v)) {
        err_format(I, TY_TYPE_ERROR, "__suppress_context__ may not be deleted");
        return -1;
    }
    int t = obj_truthy(I, v);
    if (t < 0) return -1;
    as_exc(self)->suppress_context = t;
    return 0;
}

static const GetSetDef base_exception_getsets[] = {
    {"args", get_args, set_args},
    {"__traceback__", get_traceback, set_traceback_attr},
    {"__cause__", get_cause, set_cause},
    {"__context__", get_context, set_context},
    {"__suppress_context__", get_suppress, set_suppress},
    {NULL, NULL, NULL},
};

/* Attributes kept in the extra tuple: getter and setter per index. */
static int extra_set(Interp *I, Value self, size_t i, Value v) {
    ExcObj *e = as_exc(self);
    if (!is_obj(e->extra) || e->extra.as.o->type != I->types[TY_TUPLE] ||
        as_tuple(e->extra)->len <= i) {
        err_format(I, TY_ATTRIBUTE_ERROR, "attribute cannot be set");
        return -1;
    }
    as_tuple(e->extra)->items[i] = none_if_null(v);
    return 0;
}

#define EXTRA_ATTR(fname, i)                                                                       \
    static Value fname##_get(Interp *I, Value self) {                                              \
        return extra_item(as_exc(self), i);                                                        \
    }                                                                                              \
    static int fname##_set(Interp *I, Value self, Value v) {                                       \
        return extra_set(I, self, i, v);                                                           \
    }
EXTRA_ATTR(x0, 0)
EXTRA_ATTR(x1, 1)
EXTRA_ATTR(x2, 2)
EXTRA_ATTR(x3, 3)
EXTRA_ATTR(x4, 4)
EXTRA_ATTR(x5, 5)
EXTRA_ATTR(x6, 6)
#undef EXTRA_ATTR

static Value whole_extra_get(Interp *I, Value self) {
    return none_if_null(as_exc(self)->extra);
}
static int whole_extra_set(Interp *I, Value self, Value v) {
    as_exc(self)->extra = none_if_null(v);
    return 0;
}

static const GetSetDef system_exit_getsets[] = {
    {"code", whole_extra_get, whole_extra_set},
    {NULL, NULL, NULL},
};
static const GetSetDef stop_iteration_getsets[] = {
    {"value", whole_extra_get, whole_extra_set},
    {NULL, NULL, NULL},
};
static const GetSetDef os_error_getsets[] = {
    {"errno", x0_get, x0_set},     {"strerror", x1_get, x1_set}, {"filename", x2_get, x2_set},
    {"filename2", x3_get, x3_set}, {NULL, NULL, NULL},
};
static const GetSetDef syntax_error_getsets[] = {
    {"filename", x0_get, x0_set},   {"lineno", x1_get, x1_set},
    {"offset", x2_get, x2_set},     {"text", x3_get, x3_set},
    {"end_lineno", x4_get, x4_set}, {"end_offset", x5_get, x5_set},
    {"msg", x6_get, x6_set},        {NULL, NULL, NULL},
};
static const GetSetDef import_error_getsets[] = {
    {"name", x0_get, x0_set},
    {"path", x1_get, x1_set},
    {NULL, NULL, NULL},
};
static const GetSetDef attribute_error_getsets[] = {
    {"name", x0_get, x0_set},
    {"obj", x1_get, x1_set},
    {NULL, NULL, NULL},
};
static const GetSetDef name_error_getsets[] = {
    {"name", x0_get, x0_set},
    {NULL, NULL, NULL},
};

static Value uarg(Interp *I, Value self, size_t i) {
    Tuple *a = as_exc(self)->args;
    return (a && a->len == 5) ? a->items[i] : V_NONE;
}
static Value u_encoding(Interp *I, Value self) {
    return uarg(I, self, 0);
}
static Value u_object(Interp *I, Value self) {
    return uarg(I, self, 1);
}
static Value u_start(Interp *I, Value self) {
    return uarg(I, self, 2);
}
static Value u_end(Interp *I, Value self) {
    return uarg(I, self, 3);
}
static Value u_reason(Interp *I, Value self) {
    return uarg(I, self, 4);
}
static const GetSetDef unicode_getsets[] = {
    {"encoding", u_encoding, NULL}, {"object", u_object, NULL}, {"start", u_start, NULL},
    {"end", u_end, NULL},           {"reason", u_reason, NULL}, {NULL, NULL, NULL},
};

/* ---- specs ------------------------------------------------------------------------- */

#define EXC_FLAGS (TF_BASETYPE | TF_EXCEPTION | TF_HAS_DICT)
#define EXC_SPEC(cname, strfn, gs)                                                                 \
    static const TypeSpec cname = {                                                                \
        .name = "BaseException",                                                                   \
        .base = TY_OBJECT,                                                                         \
        .instance_size = sizeof(ExcObj),                                                           \
        .flags = EXC_FLAGS,                                                                        \
        .slots = {.str = strfn},                                                                   \
        .getsets = gs,                                                                             \
        .dictoffset = offsetof(ExcObj, dict),                                                      \
    };

static const TypeSpec base_exception_spec = {
    .name = "BaseException",
    .base = TY_OBJECT,
    .instance_size = sizeof(ExcObj),
    .flags = EXC_FLAGS,
    .slots =
        {
            .trace = exc_trace,
            .repr = exc_repr_slot,
            .str = exc_str_slot,
            .new = exc_new_slot,
        },
    .methods = base_exception_methods,
    .getsets = base_exception_getsets,
    .dictoffset = offsetof(ExcObj, dict),
};

EXC_SPEC(plain_exception_spec, NULL, NULL)
EXC_SPEC(system_exit_spec, NULL, system_exit_getsets)
EXC_SPEC(stop_iteration_spec, NULL, stop_iteration_getsets)
EXC_SPEC(key_error_spec, keyerror_str, NULL)
EXC_SPEC(os_error_spec, oserror_str, os_error_getsets)
EXC_SPEC(syntax_error_spec, syntaxerror_str, syntax_error_getsets)
EXC_SPEC(import_error_spec, NULL, import_error_getsets)
EXC_SPEC(attribute_error_spec, NULL, attribute_error_getsets)
EXC_SPEC(name_error_spec, NULL, name_error_getsets)
EXC_SPEC(unicode_decode_spec, unicode_decode_str, unicode_getsets)
EXC_SPEC(unicode_encode_spec, unicode_encode_str, unicode_getsets)

const TypeSpec *exception_spec_for(TypeId id) {
    switch (id) {
    case TY_BASE_EXCEPTION: return &base_exception_spec;
    case TY_SYSTEM_EXIT: return &system_exit_spec;
    case TY_STOP_ITERATION: return &stop_iteration_spec;
    case TY_KEY_ERROR: return &key_error_spec;
    case TY_OS_ERROR: return &os_error_spec;
    case TY_SYNTAX_ERROR: return &syntax_error_spec;
    case TY_IMPORT_ERROR: return &import_error_spec;
    case TY_ATTRIBUTE_ERROR: return &attribute_error_spec;
    case TY_NAME_ERROR: return &name_error_spec;
    case TY_UNICODE_DECODE_ERROR: return &unicode_decode_spec;
    case TY_UNICODE_ENCODE_ERROR: return &unicode_encode_spec;
    case TY_BASE_EXCEPTION_GROUP: return &excgroup_spec;
    default: return &plain_exception_spec;
    }
}
