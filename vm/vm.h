/* vm.h: the interface of the bytecode VM to the rest of krait (api.c, builtins, imports).
 * The VM's private state (frames, value stack, the compiler's code objects) is declared in
 * the VM's own headers (code.h, frame.h, opcodes.h). */
#ifndef KRAIT_VM_H
#define KRAIT_VM_H

#include "interp.h"

bool vm_init(Interp *I); /* allocates I->vm; false on OOM */
void vm_free(Interp *I);

enum { EXEC_FILE, EXEC_EVAL, EXEC_SINGLE }; /* same values as PARSE_* */

/* Parse, compile and run source in the given globals dict (which gets __builtins__ if
 * absent). EXEC_FILE returns None; EXEC_EVAL the expression's value; EXEC_SINGLE runs one
 * interactive statement, printing the repr of expression statements (sys.displayhook).
 * V_NULL after raising (SyntaxError included). filename is what tracebacks show. */
Value vm_exec_source(Interp *I, const char *src, size_t len, const char *filename, Dict *globals,
                     int mode);

/* The same with a separate locals dict (exec(src, g, l)). */
Value vm_exec_source_in(Interp *I, const char *src, size_t len, const char *filename,
                        Dict *globals, Dict *locals, int mode);
/* compile(): the code object of src (a TY_CODE object, rooted as a temporary), NULL after
 * raising SyntaxError; vm_exec_code runs one in globals/locals and returns its value (the
 * expression's for EXEC_EVAL code, else None). */
struct Code *vm_compile_source(Interp *I, const char *src, size_t len, const char *filename,
                               int mode);
Value vm_exec_code(Interp *I, Value code, Dict *globals, Dict *locals);

/* Format exc as CPython's default excepthook prints it (the "Traceback (most recent call
 * last):" block with file, line, function and stripped source line, the chained causes and
 * contexts, then "Type: message"). Returns a Str, or V_NULL on OOM. */
Value vm_format_exception(Interp *I, Obj *exc);

/* Import a module by dotted name as the `import` statement does (sys.modules, builtin
 * native modules, then .py files on sys.path). */
Value vm_import(Interp *I, Str *name, Value globals, Value fromlist, int level);

/* The running frame's globals and locals dicts, for the builtins globals(), locals(),
 * dir(), vars(), eval() and exec() (wanted by builtins). locals() of a function frame is a
 * fresh dict snapshot of its fast locals. NULL/V_NULL when no frame runs. */
Dict *vm_current_globals(Interp *I);
Value vm_current_locals(Interp *I);
/* For gc.collect() (self_fn), called with argv: clear the running frame's stack slots above
 * its arguments, when it was called straight from the VM's CALL (vm/frame.c). */
void vm_clear_stale_stack(Interp *I, NativeFn self_fn, const Value *argv);
/* sys.exc_info()'s exception: the one being handled, or NULL. */
Obj *vm_handled_exception(Interp *I);

/* next(it) for the builtin: obj_next, except that an exhausted generator raises
 * StopIteration carrying its return value (StopIteration() when it returned None), as
 * CPython's next() shows it; other iterators return V_NULL without an exception when
 * exhausted, as obj_next. (vm/generator.c) */
Value vm_next_with_value(Interp *I, Value it);

/* wanted by object model (super.c): for super() with no arguments, the class held by the
 * calling Python frame's __class__ cell and that frame's first argument (its cell contents
 * when the argument is captured). False after raising RuntimeError as CPython does:
 * "super(): no arguments", "super(): __class__ cell not found", "super(): empty __class__
 * cell", "super(): __class__ is not a type (int)". */
/* fn(a, b) of the frozen _generic_alias module (GenericAlias, _union), imported at first use
 * (protocol.c). */
Value vm_generic_alias_call(Interp *I, const char *fn, Value a, Value b);
Value vm_call_frozen(Interp *I, const char *module, const char *fn, int argc, Value *argv);
bool vm_super_zero_args(Interp *I, Type **type, Value *obj);

#endif
