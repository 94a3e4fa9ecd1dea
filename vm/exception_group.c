/* exception_group.c: BaseExceptionGroup and ExceptionGroup (PEP 654), and the run-time half
 * of `except*` (the VM's CHECK_EG_MATCH and PREP_RERAISE_STAR), after CPython 3.11's
 * Objects/exceptions.c and ceval.c.
 *
 * A group is an ExcObj whose extra holds (message, exceptions tuple); args is what the
 * constructor got. ExceptionGroup derives from BaseExceptionGroup and Exception (interp.c
 * builds it on BaseExceptionGroup; excgroup_fix_mro adds Exception to its mro and bases).
 * split/subgroup rebuild the parts through derive() and copy the original's traceback,
 * cause, context and notes onto each part, so PREP_RERAISE_STAR can tell a re-raised part
 * (same metadata as the original) from a newly raised exception. */
#include <stdio.h>
#include <string.h>

#include "dict.h"
#include "error.h"
#include "frame.h"
#include "gc.h"
#include "seq.h"
#include "str.h"
#include "vm.h"

static ExcObj *as_exc(Value v) {
    return (ExcObj *)v.as.o;
}

static bool is_group(Interp *I, Value v) {
    return is_obj(v) && type_is_subtype(v.as.o->type, I->types[TY_BASE_EXCEPTION_GROUP]);
}

static bool is_exception(Interp *I, Value v) {
    return is_obj(v) && (v.as.o->type->flags & TF_EXCEPTION);
}

static Value group_item(Value g, size_t i) {
    Value x = as_exc(g)->extra;
    if (!is_obj(x) || !x.as.o || x.as.o->type->id != TY_TUPLE) return V_NONE;
    Tuple *t = (Tuple *)x.as.o;
    return t->len > i ? t->items[i] : V_NONE;
}

static Tuple *group_excs(Interp *I, Value g) {
    Value e = group_item(g, 1);
    return is_obj(e) && e.as.o->type == I->types[TY_TUPLE] ? (Tuple *)e.as.o : I->empty_tuple;
}

bool excgroup_fix_mro(Interp *I) {
    Type *eg = I->types[TY_EXCEPTION_GROUP];
    Type *beg = I->types[TY_BASE_EXCEPTION_GROUP];
    Tuple *mro = tuple_new(I, 5);
    Tuple *bases = tuple_pack(I, 2, v_obj(beg), v_obj(I->types[TY_EXCEPTION]));
    if (!mro || !bases) return false;
    mro->items[0] = v_obj(eg);
    mro->items[1] = v_obj(beg);
    mro->items[2] = v_obj(I->types[TY_EXCEPTION]);
    mro->items[3] = v_obj(I->types[TY_BASE_EXCEPTION]);
    mro->items[4] = v_obj(I->types[TY_OBJECT]);
    eg->mro = mro;
    eg->bases = bases;
    return true;
}

/* BaseExceptionGroup's `new` slot: (message, exceptions) checked as CPython checks them. */
Value excgroup_new(Interp *I, Type *t, int argc, Value *argv, Tuple *kw) {
    if (kw && kw->len)
        return err_format(I, TY_TYPE_ERROR, "%s() takes no keyword arguments", t->name->data);
    if (argc != 2)
        return err_format(I, TY_TYPE_ERROR,
                          "BaseExceptionGroup.__new__() takes exactly 2 arguments (%d given)",
                          argc);
    if (!is_str(I, argv[0]))
        return err_format(I, TY_TYPE_ERROR,
                          "BaseExceptionGroup.__new__() argument 1 must be str, not %s",
                          type_name(I, argv[0]));
    Type *at = type_of(I, argv[1]);
    bool seq = at->slots.getitem && !type_is_subtype(at, I->types[TY_DICT]);
    if (!seq)
        return err_format(I, TY_TYPE_ERROR, "second argument (exceptions) must be a sequence");
    Tuple *excs = tuple_from_iter(I, argv[1]);
    if (!excs) return V_NULL;
    if (excs->len == 0)
        return err_format(I, TY_VALUE_ERROR,
                          "second argument (exceptions) must be a non-empty sequence");
    bool nested_base = false;
    for (size_t i = 0; i < excs->len; i++) {
        if (!is_exception(I, excs->items[i]))
            return err_format(I, TY_VALUE_ERROR,
                              "Item %zu of second argument (exceptions) is not an exception", i);
        if (!is_instance(I, excs->items[i], I->types[TY_EXCEPTION])) nested_base = true;
    }
    Type *beg = I->types[TY_BASE_EXCEPTION_GROUP], *eg = I->types[TY_EXCEPTION_GROUP];
    if (t == beg) {
        if (!nested_base && !(t = exc_type(I, TY_EXCEPTION_GROUP))) return V_NULL;
    } else if (t == eg) {
        if (nested_base)
            return err_format(I, TY_TYPE_ERROR, "Cannot nest BaseExceptions in an ExceptionGroup");
    } else if (nested_base && type_is_subtype(t, I->types[TY_EXCEPTION])) {
        return err_format(I, TY_TYPE_ERROR, "Cannot nest BaseExceptions in '%s'", t->name->data);
    }
    Value o = object_alloc(I, t);
    if (is_null(o)) return o;
    ExcObj *e = as_exc(o);
    Tuple *args = tuple_from_array(I, argv, 2);
    Tuple *extra = tuple_pack(I, 2, argv[0], v_obj(excs));
    if (!args || !extra) return V_NULL;
    e->args = args;
    e->extra = v_obj(extra);
    return o;
}

/* A new group of the same message through ExceptionGroup/BaseExceptionGroup. */
static Value make_group(Interp *I, Value msg, Value excs) {
    Value args[2] = {msg, excs};
    Type *beg = exc_type(I, TY_BASE_EXCEPTION_GROUP);
    return beg ? excgroup_new(I, beg, 2, args, NULL) : V_NULL;
}

static bool check_group(Interp *I, int argc, Value *argv, const char *name) {
    if (argc >= 1 && is_group(I, argv[0])) return true;
    err_format(I, TY_TYPE_ERROR, "descriptor '%s' requires a 'BaseExceptionGroup' object", name);
    return false;
}

static Value eg_new_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (argc < 1 || !is_obj(argv[0]) || !type_is_subtype(type_of(I, argv[0]), I->types[TY_TYPE]) ||
        !type_is_subtype((Type *)argv[0].as.o, I->types[TY_BASE_EXCEPTION_GROUP]))
        return err_format(I, TY_TYPE_ERROR,
                          "BaseExceptionGroup.__new__(X): X is not a subtype of "
                          "BaseExceptionGroup");
    return excgroup_new(I, (Type *)argv[0].as.o, argc - 1, argv + 1, kw);
}

static Value eg_init_native(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!check_group(I, argc, argv, "__init__")) return V_NULL;
    if (kw && kw->len)
        return err_format(I, TY_TYPE_ERROR, "%s() takes no keyword arguments",
                          argv[0].as.o->type->name->data);
    Tuple *args = argc > 1 ? tuple_from_array(I, argv + 1, (size_t)argc - 1) : I->empty_tuple;
    if (!args) return V_NULL;
    as_exc(argv[0])->args = args;
    return V_NONE;
}

static Value eg_derive(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!check_group(I, argc, argv, "derive") || !arg_no_kw(I, "derive", kw) ||
        !arg_count(I, "derive", argc - 1, 1, 1))
        return V_NULL;
    return make_group(I, group_item(argv[0], 0), argv[1]);
}

typedef enum { MATCH_BY_TYPE, MATCH_BY_PREDICATE, MATCH_INSTANCE_IDS } MatcherKind;

static bool is_exc_class(Interp *I, Value v) {
    return is_obj(v) && type_is_subtype(type_of(I, v), I->types[TY_TYPE]) &&
           type_is_subtype((Type *)v.as.o, I->types[TY_BASE_EXCEPTION]);
}

static int matcher_kind(Interp *I, Value v, MatcherKind *out) {
    if (callable_check(I, v) && !(is_obj(v) && type_is_subtype(type_of(I, v), I->types[TY_TYPE]))) {
        *out = MATCH_BY_PREDICATE;
        return 0;
    }
    if (is_exc_class(I, v)) {
        *out = MATCH_BY_TYPE;
        return 0;
    }
    if (is_obj(v) && v.as.o->type == I->types[TY_TUPLE]) {
        Tuple *t = (Tuple *)v.as.o;
        bool ok = true;
        for (size_t i = 0; i < t->len && ok; i++)
            ok = is_exc_class(I, t->items[i]);
        if (ok) {
            *out = MATCH_BY_TYPE;
            return 0;
        }
    }
    err_format(I, TY_TYPE_ERROR, "expected a function, exception type or tuple of exception types");
    return -1;
}

static int check_match(Interp *I, Value exc, MatcherKind kind, Value matcher) {
    switch (kind) {
    case MATCH_BY_TYPE: return obj_isinstance(I, exc, matcher);
    case MATCH_BY_PREDICATE: {
        Value r = obj_call(I, matcher, 1, &exc, NULL);
        if (is_null(r)) return -1;
        return obj_truthy(I, r);
    }
    case MATCH_INSTANCE_IDS:
        if (is_group(I, exc)) return 0;
        return set_contains(I, (Set *)matcher.as.o, exc);
    }
    return 0;
}

/* derive(excs) on orig, with orig's traceback, cause, context and a copy of its notes.
 * *out stays V_NULL when excs is empty. */
static int group_subset(Interp *I, Value orig, List *excs, Value *out) {
    *out = V_NULL;
    if (excs->len == 0) return 0;
    Str *derive = str_intern_cstr(I, "derive");
    if (!derive) return -1;
    Value arg = v_obj(excs);
    Value eg = obj_call_method(I, orig, derive, 1, &arg);
    if (is_null(eg)) return -1;
    if (!is_group(I, eg)) {
        err_format(I, TY_TYPE_ERROR, "derive must return an instance of BaseExceptionGroup");
        return -1;
    }
    ExcObj *o = as_exc(orig), *e = as_exc(eg);
    e->traceback = o->traceback;
    e->context = o->context;
    e->cause = o->cause;
    e->suppress_context = o->suppress_context;
    Str *nk = str_intern_cstr(I, "__notes__");
    Value notes;
    int r = nk ? obj_lookup_attr(I, orig, nk, &notes) : -1;
    if (r < 0) return -1;
    if (r && is_obj(notes) && type_of(I, notes)->slots.getitem &&
        !type_is_subtype(type_of(I, notes), I->types[TY_DICT])) {
        List *copy = list_new(I, 0);
        if (!copy) return -1;
        Value it = obj_iter(I, notes);
        if (is_null(it)) return -1;
        Value x;
        while ((r = obj_next_item(I, it, &x)) > 0)
            if (!list_append(I, copy, x)) return -1;
        if (r < 0 || obj_setattr(I, eg, nk, v_obj(copy)) < 0) return -1;
    }
    *out = eg;
    return 0;
}

static int split_recursive(Interp *I, Value exc, MatcherKind kind, Value matcher,
                           bool construct_rest, Value *match, Value *rest) {
    *match = V_NULL;
    *rest = V_NULL;
    if (!c_recursion_enter(I, " in split")) return -1;
    int r = check_match(I, exc, kind, matcher);
    if (r < 0) goto fail;
    if (r) {
        *match = exc;
        goto ok;
    }
    if (!is_group(I, exc)) {
        if (construct_rest) *rest = exc;
        goto ok;
    }
    List *ml = list_new(I, 0), *rl = list_new(I, 0);
    if (!ml || !rl) goto fail;
    Tuple *excs = group_excs(I, exc);
    for (size_t i = 0; i < excs->len; i++) {
        Value m, rr;
        if (split_recursive(I, excs->items[i], kind, matcher, construct_rest, &m, &rr) < 0)
            goto fail;
        if (!is_null(m) && !list_append(I, ml, m)) goto fail;
        if (!is_null(rr) && !list_append(I, rl, rr)) goto fail;
    }
    if (group_subset(I, exc, ml, match) < 0) goto fail;
    if (construct_rest && group_subset(I, exc, rl, rest) < 0) goto fail;
ok:
    c_recursion_leave(I);
    return 0;
fail:
    c_recursion_leave(I);
    return -1;
}

static Value none_if_null(Value v) {
    return is_null(v) ? V_NONE : v;
}

static Value eg_split_common(Interp *I, int argc, Value *argv, Tuple *kw, bool rest,
                             const char *name) {
    if (!check_group(I, argc, argv, name) || !arg_no_kw(I, name, kw) ||
        !arg_count(I, name, argc - 1, 1, 1))
        return V_NULL;
    MatcherKind k;
    if (matcher_kind(I, argv[1], &k) < 0) return V_NULL;
    Value m, r;
    if (split_recursive(I, argv[0], k, argv[1], rest, &m, &r) < 0) return V_NULL;
    if (!rest) return none_if_null(m);
    Tuple *t = tuple_pack(I, 2, none_if_null(m), none_if_null(r));
    return t ? v_obj(t) : V_NULL;
}

static Value eg_split(Interp *I, int argc, Value *argv, Tuple *kw) {
    return eg_split_common(I, argc, argv, kw, true, "split");
}

static Value eg_subgroup(Interp *I, int argc, Value *argv, Tuple *kw) {
    return eg_split_common(I, argc, argv, kw, false, "subgroup");
}

static Value eg_class_getitem(Interp *I, int argc, Value *argv, Tuple *kw) {
    (void)kw;
    return argc >= 1 ? argv[0] : V_NONE;
}

static Value eg_message(Interp *I, Value self) {
    (void)I;
    return group_item(self, 0);
}

static Value eg_exceptions(Interp *I, Value self) {
    return v_obj(group_excs(I, self));
}

static Value eg_str(Interp *I, Value self) {
    Value msg = obj_str(I, group_item(self, 0));
    if (is_null(msg)) return V_NULL;
    size_t n = group_excs(I, self)->len;
    char tail[64];
    snprintf(tail, sizeof tail, " (%zu sub-exception%s)", n, n == 1 ? "" : "s");
    StrBuf b;
    sb_init(&b);
    sb_append_str(I, &b, as_str(msg));
    sb_append_cstr(I, &b, tail);
    Str *s = sb_finish(I, &b);
    return s ? v_obj(s) : V_NULL;
}

static const MethodDef eg_methods[] = {
    {"__new__", eg_new_native, METH_STATIC},
    {"__init__", eg_init_native, 0},
    {"derive", eg_derive, 0},
    {"split", eg_split, 0},
    {"subgroup", eg_subgroup, 0},
    {"__class_getitem__", eg_class_getitem, METH_CLASS},
    {NULL, NULL, 0},
};

static const GetSetDef eg_getsets[] = {
    {"message", eg_message, NULL},
    {"exceptions", eg_exceptions, NULL},
    {NULL, NULL, NULL},
};

const TypeSpec excgroup_spec = {
    .name = "BaseExceptionGroup",
    .base = TY_BASE_EXCEPTION,
    .instance_size = sizeof(ExcObj),
    .flags = TF_BASETYPE | TF_EXCEPTION | TF_HAS_DICT,
    .slots = {.str = eg_str, .new = excgroup_new},
    .methods = eg_methods,
    .getsets = eg_getsets,
    .dictoffset = offsetof(ExcObj, dict),
};

/* ---- except* ------------------------------------------------------------------------ */

/* The innermost EXCEPT_HANDLER block of the running frame handles `exc` from now on. */
static void set_handled(Interp *I, Frame *f, Obj *exc) {
    (void)I;
    for (uint32_t i = f->nblocks; i > 0; i--)
        if (f->blocks[i - 1].type == BLOCK_EXCEPT_HANDLER) {
            f->blocks[i - 1].exc = exc;
            return;
        }
}

static int check_star_type(Interp *I, Value t) {
    if (is_obj(t) && t.as.o->type == I->types[TY_TUPLE]) {
        Tuple *tt = (Tuple *)t.as.o;
        for (size_t i = 0; i < tt->len; i++)
            if (check_star_type(I, tt->items[i]) < 0) return -1;
        return 0;
    }
    if (!is_exc_class(I, t)) {
        err_format(I, TY_TYPE_ERROR,
                   "catching classes that do not inherit from BaseException is not allowed");
        return -1;
    }
    if (type_is_subtype((Type *)t.as.o, I->types[TY_BASE_EXCEPTION_GROUP])) {
        err_format(I, TY_TYPE_ERROR,
                   "catching ExceptionGroup with except* is not allowed. Use except instead.");
        return -1;
    }
    return 0;
}

/* CHECK_EG_MATCH: exc against type t. *match gets the matching part (V_NONE: no match) and
 * *rest what is left (V_NONE: nothing); the match becomes the handled exception. */
int excgroup_check_match(Interp *I, Frame *f, Value exc, Value t, Value *match, Value *rest) {
    *match = *rest = V_NONE;
    if (check_star_type(I, t) < 0) return -1;
    if (is_none(exc)) return 0;
    int r = obj_isinstance(I, exc, t);
    if (r < 0) return -1;
    if (r) {
        if (is_group(I, exc)) {
            *match = exc;
        } else {
            Tuple *one = tuple_pack(I, 1, exc);
            if (!one) return -1;
            Value w = make_group(I, v_obj(I->empty_str), v_obj(one));
            if (is_null(w)) return -1;
            *match = w;
        }
    } else if (is_group(I, exc)) {
        Str *split = str_intern_cstr(I, "split");
        if (!split) return -1;
        Value pair = obj_call_method(I, exc, split, 1, &t);
        if (is_null(pair)) return -1;
        if (!is_obj(pair) || pair.as.o->type != I->types[TY_TUPLE]) {
            err_format(I, TY_TYPE_ERROR, "%s.split must return a tuple, not %s",
                       exc.as.o->type->name->data, type_name(I, pair));
            return -1;
        }
        Tuple *p = (Tuple *)pair.as.o;
        if (p->len != 2) {
            err_format(I, TY_TYPE_ERROR, "%s.split must return a 2-tuple, got tuple of size %zu",
                       exc.as.o->type->name->data, p->len);
            return -1;
        }
        *match = p->items[0];
        *rest = p->items[1];
    }
    if (!is_none(*match)) set_handled(I, f, as_obj(*match));
    return 0;
}

static int collect_leaf_ids(Interp *I, Value exc, Set *ids) {
    if (is_none(exc)) return 0;
    if (!is_group(I, exc)) return set_add(I, ids, exc);
    if (!c_recursion_enter(I, " in except*")) return -1;
    Tuple *excs = group_excs(I, exc);
    int r = 0;
    for (size_t i = 0; i < excs->len && r == 0; i++)
        r = collect_leaf_ids(I, excs->items[i], ids);
    c_recursion_leave(I);
    return r;
}

static bool same_metadata(Value a, Value b) {
    ExcObj *x = as_exc(a), *y = as_exc(b);
    bool cause = is_obj(x->cause) == is_obj(y->cause) &&
                 (!is_obj(x->cause) || x->cause.as.o == y->cause.as.o);
    bool ctx = is_obj(x->context) == is_obj(y->context) &&
               (!is_obj(x->context) || x->context.as.o == y->context.as.o);
    return x->traceback == y->traceback && cause && ctx;
}

/* PREP_RERAISE_STAR: what a try-except* block raises after its handlers ran, from the
 * original exception and the list of the exceptions raised and re-raised (None entries
 * skipped): V_NONE when nothing. Sets are keyed by the exception objects themselves
 * (identity: exceptions hash and compare by identity unless a class says otherwise). */
Value excgroup_prep_reraise(Interp *I, Value orig, Value excs_v) {
    List *excs = (List *)excs_v.as.o;
    if (excs->len == 0) return V_NONE;
    if (!is_group(I, orig)) return excs->items[0];
    List *raised = list_new(I, 0), *reraised = list_new(I, 0);
    if (!raised || !reraised) return V_NULL;
    for (size_t i = 0; i < excs->len; i++) {
        Value e = excs->items[i];
        if (is_none(e)) continue;
        if (!list_append(I, same_metadata(e, orig) ? reraised : raised, e)) return V_NULL;
    }
    Set *ids = set_new(I, false);
    if (!ids) return V_NULL;
    for (size_t i = 0; i < reraised->len; i++)
        if (collect_leaf_ids(I, reraised->items[i], ids) < 0) return V_NULL;
    Value m, r;
    if (split_recursive(I, orig, MATCH_INSTANCE_IDS, v_obj(ids), false, &m, &r) < 0) return V_NULL;
    Value reraised_eg = none_if_null(m);
    if (raised->len == 0) return reraised_eg;
    if (!is_none(reraised_eg) && !list_append(I, raised, reraised_eg)) return V_NULL;
    if (raised->len > 1) return make_group(I, v_obj(I->empty_str), v_obj(raised));
    return raised->items[0];
}
