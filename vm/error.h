/* error.h: raising and inspecting exceptions from C.
 *
 * Raising stores the exception in I->exc and returns the "error" value of the caller's
 * convention, so natives can write `return err_format(I, TY_TYPE_ERROR, "...")`. The
 * message is formatted with vsnprintf; use type_name() for a value's type. Tracebacks are
 * attached by the VM as the exception unwinds through frames. (vm/error.c) */
#ifndef KRAIT_ERROR_H
#define KRAIT_ERROR_H

#include "interp.h"

/* Raise a new exception of builtin type `id` with a formatted message. Returns V_NULL. */
Value err_format(Interp *I, TypeId id, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
Value err_str(Interp *I, TypeId id, Str *msg); /* message as a Str */
Value err_set_value(Interp *I, Value exc);     /* raise an instance (or a type: instantiated) */
Value err_nomem(Interp *I);                    /* MemoryError, never allocates */
Value err_keyerror(Interp *I, Value key);      /* KeyError(key) with the key itself as arg */
Value err_stopiteration(Interp *I, Value value);
Value err_attribute(Interp *I, Value obj, Str *name); /* "'T' object has no attribute 'x'" */
/* The TypeError for an exception class whose __new__ returned inst, not an exception, in
 * CPython's two wordings: `raise` shows inst's type as a repr, throw() by its name. */
Value err_not_exception(Interp *I, Value cls, Value inst, bool type_repr);

bool err_occurred(Interp *I);
/* The result of native code (a NativeFunc, a getter or setter, a type slot) that started
 * while `before` was pending. A value returned while a new exception is set means the
 * native failed where it could not say so (gpu/array's as_array, whose host-mirror sync can
 * fail on the device): the exception stands and the value is dropped, so the error surfaces
 * at the line that caused it instead of a later one. */
static inline Value err_native_result(Interp *I, Obj *before, Value r) {
    return I->exc && I->exc != before && r.tag != KR_TNULL ? V_NULL : r;
}
static inline int err_native_status(Interp *I, Obj *before, int rc) {
    return I->exc && I->exc != before && rc >= 0 ? -1 : rc;
}
bool err_matches(Interp *I, TypeId id); /* the pending exception is an instance of id */
Obj *err_fetch(Interp *I);              /* take the pending exception, clearing it */
void err_restore(Interp *I, Obj *exc);  /* make exc pending again */
void err_clear(Interp *I);

/* Build an exception instance without raising it. */
Value exc_new(Interp *I, Type *type, int argc, Value *argv);
/* str(exc) as Python prints after "Type: " */
Value exc_str(Interp *I, Value exc);

/* Raise SyntaxError (id: or IndentationError, TabError) with its attributes, as the parser
 * reports errors: lineno/offset 1-based, 0 when unknown; end_* 0 when unknown; filename and
 * text may be NULL. The instance keeps (filename, lineno, offset, text, end_lineno,
 * end_offset, msg) in ExcObj.extra. Returns V_NULL. */
Value err_syntax(Interp *I, TypeId id, const char *msg, Str *filename, int lineno, int offset,
                 Str *text, int end_lineno, int end_offset);

/* Start-up (used by interp.c): the TypeSpec to build each BUILTIN_EXCEPTIONS id from, and
 * the preallocated MemoryError raised when nothing can be allocated. */
const TypeSpec *exception_spec_for(TypeId id);
/* Exception groups (exception_group.c). */
extern const TypeSpec excgroup_spec;
bool excgroup_fix_mro(Interp *I); /* ExceptionGroup's second base, Exception */
Value excgroup_new(Interp *I, Type *t, int argc, Value *argv, Tuple *kw);
ExcObj *exc_prealloc_memory_error(Interp *I);

#endif
