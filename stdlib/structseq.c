/* structseq.c: CPython's "struct sequences" (sys.version_info, sys.float_info,
 * time.struct_time): tuple subclasses whose items are also read-only attributes and whose
 * repr names every field, e.g. sys.version_info(major=3, minor=11, ...). The field names are
 * kept in the class's __match_args__ (as CPython does), which the shared __repr__ reads. */
#include "builtins.h"
#include "modules.h"
#include "classes.h"

/* The field names, in item order. */
static Tuple *sseq_names(Interp *I, Type *t) {
    Str *key = str_intern_cstr(I, "__match_args__");
    if (!key) return NULL;
    Value names = type_lookup(I, t, key);
    if (is_null(names) || !is_obj(names) || !is_instance(I, names, I->types[TY_TUPLE])) {
        err_format(I, TY_TYPE_ERROR, "bad struct sequence");
        return NULL;
    }
    return as_tuple(names);
}

/* self.<field>: reached only when normal lookup fails, as a class's __getattr__. */
static Value sseq_getattr(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_count(I, "__getattr__", argc - 1, 1, 1)) return V_NULL;
    Type *t = as_obj(argv[0])->type;
    Tuple *nt = sseq_names(I, t), *self = as_tuple(argv[0]);
    if (!nt) return V_NULL;
    if (is_str(I, argv[1]))
        for (size_t i = 0; i < nt->len && i < self->len; i++)
            if (str_eq(as_str(nt->items[i]), as_str(argv[1]))) return self->items[i];
    return err_format(I, TY_ATTRIBUTE_ERROR, "'%s' object has no attribute '%s'", t->name->data,
                      is_str(I, argv[1]) ? as_str(argv[1])->data : "?");
}

static Value sseq_repr(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    Type *t = as_obj(argv[0])->type;
    Tuple *nt = sseq_names(I, t), *self = as_tuple(argv[0]);
    if (!nt) return V_NULL;
    Value mod = type_lookup(I, t, I->names.module);
    if (is_null(mod) || !is_str(I, mod)) return err_format(I, TY_TYPE_ERROR, "bad struct sequence");
    StrBuf b;
    sb_init(&b);
    sb_append_str(I, &b, as_str(mod));
    sb_append_char(I, &b, '.');
    sb_append_str(I, &b, t->name);
    sb_append_char(I, &b, '(');
    for (size_t i = 0; i < nt->len && i < self->len; i++) {
        if (i) sb_append_cstr(I, &b, ", ");
        sb_append_str(I, &b, as_str(nt->items[i]));
        sb_append_char(I, &b, '=');
        if (!sb_append_repr(I, &b, self->items[i])) {
            sb_free(I, &b);
            return V_NULL;
        }
    }
    sb_append_char(I, &b, ')');
    Str *s = sb_finish(I, &b);
    return s ? v_obj(s) : V_NULL;
}

static const MethodDef sseq_methods[] = {
    {"__repr__", sseq_repr, 0},
    {"__getattr__", sseq_getattr, 0},
    {NULL, NULL, 0},
};

/* structseq_new_type's work; everything it makes is rooted on the temp stack. */
static Type *structseq_build(Interp *I, const char *name, const char *modname,
                             const char *const *fields, size_t n) {
    Dict *ns = dict_new(I);
    if (!ns || !gc_temp_push(I, v_obj(ns))) return NULL;
    Str *mname = str_intern_cstr(I, modname);
    if (!mname || dict_set_str(I, ns, I->names.module, v_obj(mname)) < 0) return NULL;
    Tuple *names = tuple_new(I, n);
    if (!names || !gc_temp_push(I, v_obj(names))) return NULL;
    for (size_t i = 0; i < n; i++) {
        Str *fn = str_intern_cstr(I, fields[i]);
        if (!fn) return NULL;
        names->items[i] = v_obj(fn);
    }
    Str *key = str_intern_cstr(I, "__match_args__");
    if (!key || dict_set_str(I, ns, key, v_obj(names)) < 0) return NULL;
    const char *counts[] = {"n_fields", "n_sequence_fields", "n_unnamed_fields"};
    for (int i = 0; i < 3; i++) {
        key = str_intern_cstr(I, counts[i]);
        if (!key || dict_set_str(I, ns, key, v_int(i == 2 ? 0 : (int64_t)n)) < 0) return NULL;
    }
    Str *tname = str_intern_cstr(I, name);
    if (!tname || !gc_temp_push(I, v_obj(tname))) return NULL;
    Tuple *bases = tuple_pack(I, 1, v_obj(I->types[TY_TUPLE]));
    if (!bases) return NULL;
    Type *t = type_new_heap(I, tname, bases, ns);
    if (!t || !gc_temp_push(I, v_obj(t))) return NULL;
    return class_add_native_methods(I, t, sseq_methods) ? t : NULL;
}

Type *structseq_new_type(Interp *I, const char *name, const char *modname,
                         const char *const *fields) {
    size_t n = 0;
    while (fields[n])
        n++;
    size_t mark = gc_temp_mark(I);
    Type *t = structseq_build(I, name, modname, fields, n);
    gc_temp_reset(I, mark);
    return t;
}

Value structseq_make(Interp *I, Type *t, const Value *items, size_t n) {
    Tuple *tmp = tuple_from_array(I, items, n);
    if (!tmp) return V_NULL;
    Value arg = v_obj(tmp);
    size_t mark = gc_temp_mark(I);
    if (!gc_temp_push(I, arg)) return V_NULL;
    Value r = I->types[TY_TUPLE]->slots.new(I, t, 1, &arg, NULL);
    gc_temp_reset(I, mark);
    return r;
}
