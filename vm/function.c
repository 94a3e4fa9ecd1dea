/* function.c: the Python function type (code.h's Function) and closure cells.
 *
 * A function pairs a Code with the globals it was defined in, its defaults and closure.
 * Calling one from C goes through vm_call_function (call.c); the dispatch loop recognises
 * functions itself and pushes a frame without recursing. As a class attribute a function
 * binds to the instance (descr_get returns a bound method). Attributes that CPython keeps
 * in C fields (__name__, __defaults__, ...) are getsets; anything else a script stores on a
 * function lives in its lazily created __dict__. */
#include <string.h>

#include "dict.h"
#include "error.h"
#include "frame.h"
#include "seq.h"
#include "str.h"

Cell *cell_new(Interp *I, Value contents) {
    Cell *c = gc_new(I, I->types[TY_CELL], sizeof(Cell));
    if (!c) return NULL;
    c->contents = contents;
    return c;
}

Function *function_new(Interp *I, Code *co, Dict *globals) {
    Function *fn = gc_new(I, I->types[TY_FUNCTION], sizeof(Function));
    if (!fn) return NULL;
    fn->code = co;
    fn->globals = globals;
    fn->builtins = frame_default_builtins(I, co); /* a script's in a sandbox allow-list */
    fn->name = co->name;
    fn->qualname = co->qualname ? co->qualname : co->name;
    /* The compiler follows CPython 3.11: a function's consts[0] is its docstring, or None
     * when it has none (lambdas and comprehensions too), so a str there is the doc. */
    fn->doc = V_NONE;
    if (!(co->flags & (CO_MODULE | CO_CLASSBODY)) && co->nconsts > 0 && is_str(I, co->consts[0])) {
        fn->doc = co->consts[0];
    }
    Value mod = globals ? dict_get_str(globals, I->names.name) : V_NULL;
    fn->module = is_null(mod) ? V_NONE : mod;
    return fn;
}

static inline Function *as_function(Value v) {
    return (Function *)as_obj(v);
}

static void function_trace(Interp *I, Obj *o) {
    Function *fn = (Function *)o;
    gc_mark_obj(I, (Obj *)fn->code);
    gc_mark_obj(I, (Obj *)fn->globals);
    gc_mark_obj(I, (Obj *)fn->builtins);
    gc_mark_obj(I, (Obj *)fn->defaults);
    gc_mark_obj(I, (Obj *)fn->kwdefaults);
    gc_mark_obj(I, (Obj *)fn->closure);
    gc_mark_obj(I, (Obj *)fn->annotations);
    gc_mark_obj(I, (Obj *)fn->dict);
    gc_mark_obj(I, (Obj *)fn->name);
    gc_mark_obj(I, (Obj *)fn->qualname);
    gc_mark_value(I, fn->doc);
    gc_mark_value(I, fn->module);
}

static Value function_repr(Interp *I, Value self) {
    Function *fn = as_function(self);
    Str *s = str_printf(I, "<function %s at %p>", fn->qualname->data, (void *)fn);
    return s ? v_obj(s) : V_NULL;
}

static Value function_call(Interp *I, Value self, int argc, Value *argv, Tuple *kwnames) {
    return vm_call_function(I, as_function(self), V_NULL, argc, argv, kwnames);
}

static Value function_descr_get(Interp *I, Value descr, Value obj, Type *owner) {
    if (is_null(obj) || is_none(obj)) return descr;
    return bound_method_new(I, descr, obj);
}

/* Attributes: getsets and methods on the type first, then the function's own dict. */
static Value function_getattr(Interp *I, Value self, Str *name) {
    Function *fn = as_function(self);
    Value v = generic_getattr(I, self, name);
    if (!is_null(v) || !err_matches(I, TY_ATTRIBUTE_ERROR)) return v;
    if (fn->dict) {
        Value d = dict_get_str(fn->dict, name);
        if (!is_null(d)) {
            err_clear(I);
            return d;
        }
    }
    return v;
}

static int function_setattr(Interp *I, Value self, Str *name, Value v) {
    Function *fn = as_function(self);
    Value d = type_lookup(I, type_of(I, self), name);
    if (!is_null(d) && is_obj(d) && as_obj(d)->type->id == TY_GETSET) {
        return generic_setattr(I, self, name, v);
    }
    if (is_null(v)) {
        int r = fn->dict ? dict_del(I, fn->dict, v_obj(name)) : 0;
        if (r == 0) {
            err_attribute(I, self, name);
            return -1;
        }
        return r < 0 ? -1 : 0;
    }
    if (!fn->dict) {
        fn->dict = dict_new(I);
        if (!fn->dict) return -1;
    }
    return dict_set_str(I, fn->dict, name, v);
}

static Value fn_get_name(Interp *I, Value self) {
    return v_obj(as_function(self)->name);
}
static int fn_set_name(Interp *I, Value self, Value v) {
    if (is_null(v) || !is_str(I, v)) {
        err_format(I, TY_TYPE_ERROR, "__name__ must be set to a string object");
        return -1;
    }
    as_function(self)->name = as_str(v);
    return 0;
}
static Value fn_get_qualname(Interp *I, Value self) {
    return v_obj(as_function(self)->qualname);
}
static int fn_set_qualname(Interp *I, Value self, Value v) {
    if (is_null(v) || !is_str(I, v)) {
        err_format(I, TY_TYPE_ERROR, "__qualname__ must be set to a string object");
        return -1;
    }
    as_function(self)->qualname = as_str(v);
    return 0;
}
static Value fn_get_doc(Interp *I, Value self) {
    return as_function(self)->doc;
}
static int fn_set_doc(Interp *I, Value self, Value v) {
    as_function(self)->doc = is_null(v) ? V_NONE : v;
    return 0;
}
static Value fn_get_module(Interp *I, Value self) {
    return as_function(self)->module;
}
static int fn_set_module(Interp *I, Value self, Value v) {
    as_function(self)->module = is_null(v) ? V_NONE : v;
    return 0;
}
static Value fn_get_defaults(Interp *I, Value self) {
    Tuple *t = as_function(self)->defaults;
    return t && t->len ? v_obj(t) : V_NONE;
}
static int fn_set_defaults(Interp *I, Value self, Value v) {
    if (is_null(v) || is_none(v)) {
        as_function(self)->defaults = NULL;
        return 0;
    }
    if (!is_obj(v) || as_obj(v)->type->id != TY_TUPLE) {
        err_format(I, TY_TYPE_ERROR, "__defaults__ must be set to a tuple object");
        return -1;
    }
    as_function(self)->defaults = as_tuple(v);
    return 0;
}
static Value fn_get_kwdefaults(Interp *I, Value self) {
    Dict *d = as_function(self)->kwdefaults;
    return d ? v_obj(d) : V_NONE;
}
static int fn_set_kwdefaults(Interp *I, Value self, Value v) {
    if (is_null(v) || is_none(v)) {
        as_function(self)->kwdefaults = NULL;
        return 0;
    }
    if (!is_dict(I, v)) {
        err_format(I, TY_TYPE_ERROR, "__kwdefaults__ must be set to a dict object");
        return -1;
    }
    as_function(self)->kwdefaults = as_dict(v);
    return 0;
}
static Value fn_get_annotations(Interp *I, Value self) {
    Function *fn = as_function(self);
    if (!fn->annotations) {
        fn->annotations = dict_new(I);
        if (!fn->annotations) return V_NULL;
    }
    return v_obj(fn->annotations);
}
static int fn_set_annotations(Interp *I, Value self, Value v) {
    if (is_null(v) || is_none(v)) {
        as_function(self)->annotations = NULL;
        return 0;
    }
    if (!is_dict(I, v)) {
        err_format(I, TY_TYPE_ERROR, "__annotations__ must be set to a dict object");
        return -1;
    }
    as_function(self)->annotations = as_dict(v);
    return 0;
}
static Value fn_get_dict(Interp *I, Value self) {
    Function *fn = as_function(self);
    if (!fn->dict) {
        fn->dict = dict_new(I);
        if (!fn->dict) return V_NULL;
    }
    return v_obj(fn->dict);
}
static int fn_set_dict(Interp *I, Value self, Value v) {
    if (is_null(v) || !is_dict(I, v)) {
        err_format(I, TY_TYPE_ERROR, "__dict__ must be set to a dictionary, not a '%s'",
                   is_null(v) ? "NoneType" : type_name(I, v));
        return -1;
    }
    as_function(self)->dict = as_dict(v);
    return 0;
}
static Value fn_get_code(Interp *I, Value self) {
    return v_obj(as_function(self)->code);
}
static Value fn_get_globals(Interp *I, Value self) {
    return v_obj(as_function(self)->globals);
}
static Value fn_get_closure(Interp *I, Value self) {
    Tuple *t = as_function(self)->closure;
    return t ? v_obj(t) : V_NONE;
}

static const GetSetDef function_getsets[] = {
    {"__name__", fn_get_name, fn_set_name},
    {"__qualname__", fn_get_qualname, fn_set_qualname},
    {"__doc__", fn_get_doc, fn_set_doc},
    {"__module__", fn_get_module, fn_set_module},
    {"__defaults__", fn_get_defaults, fn_set_defaults},
    {"__kwdefaults__", fn_get_kwdefaults, fn_set_kwdefaults},
    {"__annotations__", fn_get_annotations, fn_set_annotations},
    {"__dict__", fn_get_dict, fn_set_dict},
    {"__code__", fn_get_code, NULL},
    {"__globals__", fn_get_globals, NULL},
    {"__closure__", fn_get_closure, NULL},
    {NULL, NULL, NULL},
};

static Value function_get_method(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "__get__", kwnames) || !arg_count(I, "__get__", argc, 2, 3)) return V_NULL;
    Value obj = argv[1];
    if (is_none(obj)) return argv[0];
    return bound_method_new(I, argv[0], obj);
}

/* types.FunctionType(code, globals, name=None, argdefs=None, closure=None) */
static Value function_type_new(Interp *I, Type *t, int argc, Value *argv, Tuple *kw) {
    (void)t;
    static const char *const names[] = {"code", "globals", "name", "argdefs", "closure"};
    Value a[5];
    if (!arg_parse(I, "function", argc, argv, kw, names, 5, 2, 5, a)) return V_NULL;
    if (!is_obj(a[0]) || as_obj(a[0])->type != I->types[TY_CODE])
        return err_format(I, TY_TYPE_ERROR, "function() argument 'code' must be code, not %s",
                          is_none(a[0]) ? "None" : type_name(I, a[0]));
    if (!is_obj(a[1]) || !is_dict(I, a[1]))
        return err_format(I, TY_TYPE_ERROR, "function() argument 'globals' must be dict, not %s",
                          is_none(a[1]) ? "None" : type_name(I, a[1]));
    bool has_name = !is_null(a[2]) && !is_none(a[2]);
    if (has_name && !is_str(I, a[2]))
        return err_format(I, TY_TYPE_ERROR, "arg 3 (name) must be None or string");
    bool has_defs = !is_null(a[3]) && !is_none(a[3]);
    if (has_defs && !(is_obj(a[3]) && as_obj(a[3])->type == I->types[TY_TUPLE]))
        return err_format(I, TY_TYPE_ERROR, "arg 4 (defaults) must be None or tuple");
    Code *co = (Code *)as_obj(a[0]);
    bool has_closure = !is_null(a[4]) && !is_none(a[4]);
    if ((has_closure || co->nfreevars) &&
        !(is_obj(a[4]) && as_obj(a[4])->type == I->types[TY_TUPLE]))
        return err_format(I, TY_TYPE_ERROR, "arg 5 (closure) must be tuple");
    size_t nclosure = has_closure ? as_tuple(a[4])->len : 0;
    if (nclosure != co->nfreevars)
        return err_format(I, TY_VALUE_ERROR, "%s requires closure of length %u, not %zu",
                          co->name->data, co->nfreevars, nclosure);
    for (size_t i = 0; i < nclosure; i++) {
        Value c = as_tuple(a[4])->items[i];
        if (!is_obj(c) || as_obj(c)->type != I->types[TY_CELL])
            return err_format(I, TY_TYPE_ERROR, "arg 5 (closure) expected cell, found %s",
                              type_name(I, c));
    }
    Function *fn = function_new(I, co, as_dict(a[1]));
    if (!fn) return V_NULL;
    if (has_name) fn->name = as_str(a[2]);
    if (has_defs && as_tuple(a[3])->len) fn->defaults = as_tuple(a[3]);
    if (nclosure) fn->closure = as_tuple(a[4]);
    return v_obj(fn);
}

static const MethodDef function_methods[] = {
    {"__get__", function_get_method, 0},
    {NULL, NULL, 0},
};

const TypeSpec function_spec = {
    .name = "function",
    .base = TY_OBJECT,
    .instance_size = sizeof(Function),
    .flags = 0,
    .slots =
        {
            .trace = function_trace,
            .repr = function_repr,
            .call = function_call,
            .getattr = function_getattr,
            .setattr = function_setattr,
            .descr_get = function_descr_get,
            .new = function_type_new,
        },
    .methods = function_methods,
    .getsets = function_getsets,
};

/* ---- cells ---------------------------------------------------------------------------- */

static void cell_trace(Interp *I, Obj *o) {
    gc_mark_value(I, ((Cell *)o)->contents);
}

static Value cell_repr(Interp *I, Value self) {
    Cell *c = (Cell *)as_obj(self);
    Str *s;
    if (is_null(c->contents)) {
        s = str_printf(I, "<cell at %p: empty>", (void *)c);
    } else if (is_obj(c->contents)) {
        s = str_printf(I, "<cell at %p: %s object at %p>", (void *)c, type_name(I, c->contents),
                       (void *)as_obj(c->contents));
    } else {
        s = str_printf(I, "<cell at %p: %s object>", (void *)c, type_name(I, c->contents));
    }
    return s ? v_obj(s) : V_NULL;
}

static Value cell_get_contents(Interp *I, Value self) {
    Cell *c = (Cell *)as_obj(self);
    if (is_null(c->contents)) return err_format(I, TY_VALUE_ERROR, "Cell is empty");
    return c->contents;
}
static int cell_set_contents(Interp *I, Value self, Value v) {
    ((Cell *)as_obj(self))->contents = v;
    return 0;
}

static const GetSetDef cell_getsets[] = {
    {"cell_contents", cell_get_contents, cell_set_contents},
    {NULL, NULL, NULL},
};

const TypeSpec cell_spec = {
    .name = "cell",
    .base = TY_OBJECT,
    .instance_size = sizeof(Cell),
    .slots = {.trace = cell_trace, .repr = cell_repr},
    .getsets = cell_getsets,
};
