/* code.h: code objects, the compiler's output and the VM's input, and function objects.
 *
 * A Code holds one function body (or a module, class body, lambda or comprehension): its
 * instructions (opcodes.h), the line of every instruction, constants, names, and the
 * layout of its locals and cells. Fast locals are numbered args first: positional
 * (posonly then positional-or-keyword), keyword-only, then *args, then **kwargs, then the
 * other locals. Cells are numbered cellvars first, then freevars; an argument that is also
 * a cellvar (captured by an inner function) is copied into its cell on entry through
 * cell2arg. (vm/code.c: the type, creation, the disassembler) */
#ifndef KRAIT_CODE_H
#define KRAIT_CODE_H

#include <string.h>
#include "interp.h"

enum {
    CO_VARARGS = 1u << 0,
    CO_VARKEYWORDS = 1u << 1,
    CO_GENERATOR = 1u << 2,
    CO_COROUTINE = 1u << 3,
    CO_ASYNC_GENERATOR = 1u << 4,
    CO_NESTED = 1u << 5,
    CO_CLASSBODY = 1u << 6, /* runs with a locals dict; LOAD_NAME/STORE_NAME */
    CO_MODULE = 1u << 7,    /* module-level code; locals dict is globals */
    CO_INTERACTIVE = 1u << 8,
    CO_NEEDS_CLASSCELL = 1u << 9, /* class body whose methods use __class__ or super() */
    /* a generator function made awaitable by @types.coroutine (CPython's flag 0x100) */
    CO_ITERABLE_COROUTINE = 1u << 10,
};

typedef struct Code {
    Obj hdr;
    uint32_t *instrs;
    uint32_t ninstrs;
    int32_t *lines; /* line of each instruction */
    Value *consts;
    uint32_t nconsts;
    Str **names; /* attribute, global and import names */
    uint32_t nnames;
    Str **varnames; /* fast locals, args first */
    uint32_t nlocals;
    Str **cellvars;
    uint32_t ncellvars;
    Str **freevars;
    uint32_t nfreevars;
    int32_t *cell2arg; /* ncellvars entries: the arg index held by that cell, or -1 */
    uint32_t argcount; /* positional, posonly included */
    uint32_t posonlyargcount;
    uint32_t kwonlyargcount;
    uint32_t flags;
    uint32_t stacksize; /* max value stack depth */
    uint32_t maxblocks; /* max block stack depth */
    Str *name;
    Str *qualname;
    Str *filename;
    int firstlineno;
    Str *source;  /* the whole source text for tracebacks, or NULL (-c, <stdin>) */
    Str *text;    /* the source when `source` is NULL because tracebacks show none (-c, the
                     prompt, exec of a string): the tile compiler reads kernels from it */
    void *caches; /* NULL, or nnames GlobalCache entries (the VM's, allocated lazily) */
} Code;

/* The VM's caches, one per name of the code. LOAD_GLOBAL (and module-level LOAD_NAME): the
 * entry index where the name was found, in `found` (globals, or builtins while globals has
 * not changed since: gver). LOAD_ATTR/STORE_ATTR on an instance dict: attr_ix, the entry
 * index the name had in the last instance dict (instances of a class fill their dicts in
 * the same order). An index is used only while that dict entry still has the name as its
 * key, so value updates and resizes need no invalidation. The dicts are traced by the code
 * object, so their addresses cannot be reused while cached; code.c frees the array. */
/* LOAD_ATTR/STORE_ATTR/LOAD_METHOD: what an object's type gives for the name, valid while
 * the VM's attribute epoch is still epoch (frame.h): type_lookup's result and ATTR_* flags
 * (vm.c). Traced by the code object. */
typedef struct AttrTypeCache {
    Type *type;
    uint64_t epoch;
    Value value;
    uint32_t flags;
    uint32_t dictoff; /* the instance dict pointer's offset in the object; 0: not fixed */
} AttrTypeCache;

typedef struct GlobalCache {
    Dict *globals;
    Dict *found;
    uint64_t gver;
    uint32_t ix;
    uint32_t attr_ix;
    /* the last two types seen at the name (a loop over objects of two classes, a base
     * class's method run on instances of two subclasses): [0] the most recently filled */
    AttrTypeCache at[2];
} GlobalCache;

/* Allocate an empty code object; the compiler fills the arrays with mem_alloc'd memory that
 * the code's finalizer frees (sizes are the counts above). */
Code *code_new(Interp *I);
/* Disassemble to a Str, for debugging (`krait --dis`). */
Value code_disassemble(Interp *I, Code *co);

typedef struct Cell {
    Obj hdr;
    Value contents; /* V_NULL: empty */
} Cell;
Cell *cell_new(Interp *I, Value contents);

typedef struct Function {
    Obj hdr;
    Code *code;
    Dict *globals;
    Dict *builtins;    /* the builtins dict at creation, for fast LOAD_GLOBAL */
    Tuple *defaults;   /* NULL if none */
    Dict *kwdefaults;  /* NULL if none */
    Tuple *closure;    /* tuple of Cells, NULL if none */
    Dict *annotations; /* NULL if none */
    Dict *dict;        /* function attributes, lazily */
    Str *name;
    Str *qualname;
    Value doc;
    Value module;
} Function;

/* Sets co->text, and that of every code nested in its constants (code.c). */
void code_set_text(Code *co, Str *text);

/* The compiler (frontend/compile.c): AST to a module-level Code. filename as tracebacks
 * show it; source is kept in the code for tracebacks when keep_source. mode is PARSE_*.
 * Returns NULL after raising SyntaxError (e.g. 'return' outside function, nonlocal
 * errors) or MemoryError. */
struct AstModule;
Code *compile_module(Interp *I, struct AstModule *mod, Str *filename, Str *source, int mode);

/* Raise a SyntaxError (kind "SyntaxError", "IndentationError" or "TabError"; "MemoryError"
 * raises MemoryError) through err_syntax (error.h), so it carries CPython's attributes:
 * line 1-based, col CPython's 1-based character offset, text the source line or NULL,
 * end_line/end_col 0 when unknown. Returns V_NULL (the exception is pending). Used by the
 * compiler and the symbol table. (frontend/compile.c) */
Value syntax_error_new(Interp *I, const char *kind, const char *msg, Str *filename, int line,
                       int col, const char *text);
Value syntax_error_new_range(Interp *I, const char *kind, const char *msg, Str *filename, int line,
                             int col, int end_line, int end_col, const char *text);

/* Code compiled from the library's frozen modules (stdlib/py), run as "<frozen NAME>": a
 * name no script can give its own code (exec and eval use "<string>"). The sandbox's
 * allow-lists apply to scripts, not to the library's code. */
static inline bool code_is_frozen(const Code *co) {
    return co->filename && co->filename->len > 8 && memcmp(co->filename->data, "<frozen ", 8) == 0;
}

#endif
