/* types_native.c: `_types`, what stdlib/py/types.py cannot do in Python: mark a generator
 * function's code as an iterable coroutine for @types.coroutine (CPython replaces the code
 * with a copy whose co_flags has CO_ITERABLE_COROUTINE; krait sets the flag on the code
 * itself, which only the functions of that one def statement share). */
#include "../vm/frame.h"
#include "builtins.h"

static Value tn_mark_iterable_coroutine(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "_mark_iterable_coroutine", kw) ||
        !arg_count(I, "_mark_iterable_coroutine", argc, 1, 1))
        return V_NULL;
    if (!is_obj(argv[0]) || as_obj(argv[0])->type != I->types[TY_CODE])
        return err_format(I, TY_TYPE_ERROR, "expected a code object, not %s",
                          type_name(I, argv[0]));
    Code *co = (Code *)as_obj(argv[0]);
    if (!(co->flags & CO_GENERATOR))
        return err_format(I, TY_TYPE_ERROR, "not the code of a generator function");
    co->flags |= CO_ITERABLE_COROUTINE;
    return V_NONE;
}

static const MethodDef types_native_functions[] = {
    {"_mark_iterable_coroutine", tn_mark_iterable_coroutine, 0},
    {NULL, NULL, 0},
};

Module *types_native_module_create(Interp *I) {
    Module *m = module_new(I, str_intern_cstr(I, "_types"));
    if (!m || module_add_functions(I, m, types_native_functions) < 0) return NULL;
    return m;
}
