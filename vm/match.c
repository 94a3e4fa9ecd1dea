/* match.c: the run-time half of the match statement (the VM's MATCH_SEQUENCE,
 * MATCH_MAPPING, MATCH_KEYS and MATCH_CLASS instructions), after CPython 3.11's ceval.c.
 *
 * CPython tells sequences and mappings by type flags that list/tuple/range/dict and the
 * classes registered with collections.abc.Sequence/Mapping carry (str, bytes and bytearray
 * are registered but never flagged). Builtin types are decided by their type; a class is
 * asked isinstance() of the collections.abc ABCs (imported at its first such test). */
#include "dict.h"
#include "error.h"
#include "seq.h"
#include "str.h"
#include "vm.h"

static bool sub_of(Interp *I, Type *t, int id) {
    return type_is_subtype(t, I->types[id]);
}

/* isinstance(v, collections.abc.<abc>): 1, 0, -1 */
static int abc_instance(Interp *I, Value v, const char *abc) {
    Str *name = str_intern_cstr(I, "collections.abc");
    if (!name) return -1;
    Value mod = dict_get_str(I->modules, name);
    if (is_null(mod)) {
        mod = vm_import(I, name, V_NONE, V_NONE, 0);
        if (is_null(mod)) return -1;
        Value m2 = dict_get_str(I->modules, name);
        if (!is_null(m2)) mod = m2;
    }
    Str *an = str_intern_cstr(I, abc);
    if (!an) return -1;
    Value cls = obj_getattr(I, mod, an);
    if (is_null(cls)) return -1;
    return obj_isinstance(I, v, cls);
}

static bool builtin_not_flagged(Interp *I, Type *t) {
    return sub_of(I, t, TY_STR) || sub_of(I, t, TY_BYTES) || sub_of(I, t, TY_BYTEARRAY);
}

int match_is_sequence(Interp *I, Value v) {
    Type *t = type_of(I, v);
    if (sub_of(I, t, TY_LIST) || sub_of(I, t, TY_TUPLE) || sub_of(I, t, TY_RANGE)) return 1;
    if (t->id >= 0 || builtin_not_flagged(I, t) || sub_of(I, t, TY_DICT)) return 0;
    return abc_instance(I, v, "Sequence");
}

int match_is_mapping(Interp *I, Value v) {
    Type *t = type_of(I, v);
    if (sub_of(I, t, TY_DICT)) return 1;
    if (t->id >= 0 || builtin_not_flagged(I, t) || sub_of(I, t, TY_LIST) || sub_of(I, t, TY_TUPLE))
        return 0;
    return abc_instance(I, v, "Mapping");
}

/* MATCH_KEYS: a tuple of map's values for keys (a tuple), None when one is missing. */
Value match_keys(Interp *I, Value map, Value keys) {
    Tuple *kt = (Tuple *)keys.as.o;
    if (kt->len == 0) return v_obj(I->empty_tuple);
    Set *seen = set_new(I, false);
    Tuple *vals = seen ? tuple_new(I, kt->len) : NULL;
    if (!vals) return V_NULL;
    bool exact = type_of(I, map) == I->types[TY_DICT];
    Value dummy = V_NULL, get = V_NULL;
    if (!exact) {
        dummy = object_alloc(I, I->types[TY_OBJECT]);
        if (is_null(dummy)) return V_NULL;
        get = obj_getattr(I, map, str_intern_cstr(I, "get"));
        if (is_null(get)) return V_NULL;
    }
    for (size_t i = 0; i < kt->len; i++) {
        Value key = kt->items[i];
        int r = set_contains(I, seen, key);
        if (r < 0) return V_NULL;
        if (r) {
            Value rep = obj_repr(I, key);
            if (is_null(rep)) return V_NULL;
            return err_format(I, TY_VALUE_ERROR, "mapping pattern checks duplicate key (%s)",
                              as_str(rep)->data);
        }
        if (set_add(I, seen, key) < 0) return V_NULL;
        Value val;
        if (exact) {
            r = dict_get(I, (Dict *)map.as.o, key, &val);
            if (r < 0) return V_NULL;
            if (!r) return V_NONE;
        } else {
            Value args[2] = {key, dummy};
            val = obj_call(I, get, 2, args, NULL);
            if (is_null(val)) return V_NULL;
            if (val.tag == KR_TOBJ && val.as.o == dummy.as.o) return V_NONE;
        }
        vals->items[i] = val;
    }
    return v_obj(vals);
}

/* The builtin types whose instances a single positional sub-pattern matches as a whole
 * (CPython's _Py_TPFLAGS_MATCH_SELF). */
static bool match_self_type(Interp *I, Type *t) {
    static const int ids[] = {TY_BOOL, TY_BYTEARRAY, TY_BYTES, TY_DICT, TY_FLOAT, TY_FROZENSET,
                              TY_INT,  TY_LIST,      TY_SET,   TY_STR,  TY_TUPLE};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        if (sub_of(I, t, ids[i])) return true;
    return false;
}

/* One attribute for a class pattern; V_NULL with no exception when the subject lacks it. */
static Value class_attr(Interp *I, Value subj, Type *cls, Str *name, Set *seen) {
    int r = set_contains(I, seen, v_obj(name));
    if (r < 0) return V_NULL;
    if (r) {
        Value rep = obj_repr(I, v_obj(name));
        if (is_null(rep)) return V_NULL;
        return err_format(I, TY_TYPE_ERROR, "%s() got multiple sub-patterns for attribute %s",
                          cls->name->data, as_str(rep)->data);
    }
    if (set_add(I, seen, v_obj(name)) < 0) return V_NULL;
    Value out;
    r = obj_lookup_attr(I, subj, name, &out);
    if (r < 0 && err_matches(I, TY_ATTRIBUTE_ERROR)) err_clear(I);
    return r > 0 ? out : V_NULL;
}

/* MATCH_CLASS: a tuple of the nargs positional (through __match_args__) and the keyword
 * attributes named by kwnames, or None when the subject does not match. V_NULL after
 * raising. */
Value match_class(Interp *I, Value subj, Value clsv, Value kwnames, uint32_t nargs) {
    if (!is_obj(clsv) || !type_is_subtype(type_of(I, clsv), I->types[TY_TYPE]))
        return err_format(I, TY_TYPE_ERROR, "called match pattern must be a type");
    Type *cls = (Type *)clsv.as.o;
    int r = obj_isinstance(I, subj, clsv);
    if (r < 0) return V_NULL;
    if (!r) return V_NONE;
    Tuple *kw = (Tuple *)kwnames.as.o;
    Set *seen = set_new(I, false);
    List *attrs = seen ? list_new(I, nargs + kw->len) : NULL;
    if (!attrs) return V_NULL;
    if (nargs) {
        bool match_self = false;
        Value ma;
        r = obj_lookup_attr(I, clsv, str_intern_cstr(I, "__match_args__"), &ma);
        if (r < 0) return V_NULL;
        if (r) {
            if (type_of(I, ma) != I->types[TY_TUPLE])
                return err_format(I, TY_TYPE_ERROR, "%s.__match_args__ must be a tuple (got %s)",
                                  cls->name->data, type_name(I, ma));
        } else {
            ma = v_obj(I->empty_tuple);
            match_self = match_self_type(I, cls);
        }
        Tuple *mt = (Tuple *)ma.as.o;
        size_t allowed = match_self ? 1 : mt->len;
        if (allowed < nargs)
            return err_format(I, TY_TYPE_ERROR,
                              "%s() accepts %zu positional sub-pattern%s (%u given)",
                              cls->name->data, allowed, allowed == 1 ? "" : "s", nargs);
        if (match_self) {
            if (!list_append(I, attrs, subj)) return V_NULL;
        } else {
            for (uint32_t i = 0; i < nargs; i++) {
                Value n = mt->items[i];
                if (type_of(I, n) != I->types[TY_STR])
                    return err_format(I, TY_TYPE_ERROR,
                                      "__match_args__ elements must be strings (got %s)",
                                      type_name(I, n));
                Value a = class_attr(I, subj, cls, as_str(n), seen);
                if (is_null(a)) return I->exc ? V_NULL : V_NONE;
                if (!list_append(I, attrs, a)) return V_NULL;
            }
        }
    }
    for (size_t i = 0; i < kw->len; i++) {
        Value a = class_attr(I, subj, cls, as_str(kw->items[i]), seen);
        if (is_null(a)) return I->exc ? V_NULL : V_NONE;
        if (!list_append(I, attrs, a)) return V_NULL;
    }
    Tuple *t = tuple_new(I, attrs->len);
    if (!t) return V_NULL;
    for (size_t i = 0; i < attrs->len; i++)
        t->items[i] = attrs->items[i];
    return v_obj(t);
}
