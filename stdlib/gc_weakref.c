/* gc_weakref.c: two small native modules over the collector: `gc` (collect, enable,
 * disable, isenabled) and `_weakref`, the native half of weakref (stdlib/py/weakref.py):
 * the reference type, getweakrefcount, getweakrefs and the safe point that runs the
 * callbacks of cleared references (vm/weakref.c).
 *
 * krait's collector is its only means of reclaiming memory (there is no reference
 * counting), so gc.disable() cannot stop it: it only changes what isenabled() reports, as
 * a script that disables CPython's cycle collector still has its memory freed. */
#include "../vm/weakref.h"
#include "builtins.h"

static Value gc_collect_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"generation"};
    Value a[1];
    if (!arg_parse(I, "collect", argc, argv, kw, names, 1, 0, 1, a)) return V_NULL;
    if (!is_null(a[0])) {
        int64_t g;
        if (obj_index(I, a[0], &g) < 0) return V_NULL;
        if (g < 0 || g > 2) return err_format(I, TY_VALUE_ERROR, "invalid generation");
    }
    vm_clear_stale_stack(I, gc_collect_fn, argv);
    gc_collect(I);
    if (!weakref_run_callbacks(I)) return V_NULL;
    return v_int(0); /* no cycle detector: nothing is "unreachable but found" */
}

static Value gc_enable_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    (void)argv;
    if (!arg_no_kw(I, "enable", kw) || !arg_count(I, "enable", argc, 0, 0)) return V_NULL;
    I->gc_script_disabled = false;
    return V_NONE;
}

static Value gc_disable_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    (void)argv;
    if (!arg_no_kw(I, "disable", kw) || !arg_count(I, "disable", argc, 0, 0)) return V_NULL;
    I->gc_script_disabled = true;
    return V_NONE;
}

static Value gc_isenabled_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    (void)argv;
    if (!arg_no_kw(I, "isenabled", kw) || !arg_count(I, "isenabled", argc, 0, 0)) return V_NULL;
    return v_bool(!I->gc_script_disabled);
}

static const MethodDef gc_functions[] = {
    {"collect", gc_collect_fn, 0},
    {"enable", gc_enable_fn, 0},
    {"disable", gc_disable_fn, 0},
    {"isenabled", gc_isenabled_fn, 0},
    {NULL, NULL, 0},
};

Module *gc_module_create(Interp *I) {
    Module *m = module_new(I, str_intern_cstr(I, "gc"));
    if (!m || module_add_functions(I, m, gc_functions) < 0) return NULL;
    return m;
}

static Value wr_getweakrefcount(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "getweakrefcount", kw) || !arg_count(I, "getweakrefcount", argc, 1, 1))
        return V_NULL;
    if (!weakref_run_callbacks(I)) return V_NULL;
    return v_int((int64_t)weakref_collect_to(I, argv[0], NULL, 0));
}

static Value wr_getweakrefs(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "getweakrefs", kw) || !arg_count(I, "getweakrefs", argc, 1, 1)) return V_NULL;
    if (!weakref_run_callbacks(I)) return V_NULL;
    size_t n = weakref_collect_to(I, argv[0], NULL, 0);
    List *l = list_new(I, n);
    if (!l) return V_NULL;
    l->len = weakref_collect_to(I, argv[0], l->items, n); /* no allocation since the count */
    return v_obj(l);
}

static Value wr_run_callbacks(Interp *I, int argc, Value *argv, Tuple *kw) {
    (void)argc;
    (void)argv;
    (void)kw;
    return weakref_run_callbacks(I) ? V_NONE : V_NULL;
}

static const MethodDef weakref_functions[] = {
    {"getweakrefcount", wr_getweakrefcount, 0},
    {"getweakrefs", wr_getweakrefs, 0},
    {"_run_callbacks", wr_run_callbacks, 0},
    {NULL, NULL, 0},
};

Module *weakref_native_module_create(Interp *I) {
    Module *m = module_new(I, str_intern_cstr(I, "_weakref"));
    if (!m || module_add_functions(I, m, weakref_functions) < 0) return NULL;
    Type *t = I->types[TY_WEAKREF];
    t->module = str_intern_cstr(I, "weakref");
    if (!t->module || module_set(I, m, "ref", v_obj(t)) < 0 ||
        module_set(I, m, "ReferenceType", v_obj(t)) < 0)
        return NULL;
    return m;
}
