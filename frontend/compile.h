/* compile.h: the compiler's internal interface, shared by compile.c (the driver, the
 * instruction emitter, constants, names, line table and the stack-depth analysis),
 * compile_expr.c (expressions, calls, comprehensions, assignment targets) and
 * compile_stmt.c (statements, functions, classes, try/with/loops, imports).
 *
 * The compiler walks the AST once per code object (a "unit"), emitting 32-bit instructions
 * into a growable buffer. Jumps name labels; labels are resolved to absolute instruction
 * indexes when the unit is finished, then a flow analysis over the final code computes the
 * exact value-stack and block-stack depths the VM allocates frames from. Every function
 * returning int returns 0 on success and -1 after raising (SyntaxError or MemoryError). */
#ifndef KRAIT_COMPILE_H
#define KRAIT_COMPILE_H

#include "../vm/code.h"
#include "../vm/opcodes.h"
#include "symtable.h"

/* CPython's limit on statically nested blocks ("too many statically nested blocks"). */
enum { COMPILE_MAX_FBLOCKS = 20 };

/* Compile-time blocks: what a return, break or continue must undo on its way out. */
typedef enum FBlockKind {
    FB_WHILE,
    FB_FOR,           /* the iterator is on the stack */
    FB_TRY_EXCEPT,    /* a SETUP_FINALLY block for the handlers */
    FB_FINALLY_TRY,   /* a SETUP_FINALLY block; leaving runs an inline copy of finalbody */
    FB_FINALLY_END,   /* in the exceptional copy of finalbody: exception + handler block */
    FB_WITH,          /* a SETUP_WITH block, __exit__ on the stack */
    FB_ASYNC_WITH,    /* a SETUP_FINALLY block, __aexit__ on the stack */
    FB_HANDLER,       /* in an except body: exception + EXCEPT_HANDLER block */
    FB_HANDLER_NAMED, /* in `except E as e`: also a SETUP_FINALLY that clears e */
    FB_POP_VALUE,     /* a return value kept on the stack across an inline finally body */
    FB_EXCEPT_STAR,   /* the handlers of a try-except*: no break, continue or return */
} FBlockKind;

typedef struct FBlock {
    FBlockKind kind;
    int label_continue;           /* loops */
    int label_exit;               /* loops: past the else clause */
    const AstStmtList *finalbody; /* FB_FINALLY_TRY */
    const char *name;             /* FB_HANDLER_NAMED */
} FBlock;

typedef struct Unit {
    struct Unit *parent;
    Scope *ste;
    Code *code; /* allocated at entry so it is rooted while the body compiles */
    uint32_t *instrs;
    int32_t *lines;
    uint32_t ninstrs, capinstrs, caplines;
    Value *consts;
    uint32_t nconsts, capconsts;
    Str **names;
    uint32_t nnames, capnames;
    /* hash indexes over consts and names (compile.c), so each lookup is O(1): a module of
     * 100k assignments compiles in linear time */
    int32_t *const_slots, *name_slots, *varname_slots; /* -1: empty */
    uint32_t const_slot_cap, name_slot_cap, varname_slot_cap;
    const char **varnames; /* fast locals, args first (mangled names) */
    int nvarnames, capvarnames;
    const char **cellvars;
    int ncellvars;
    const char **freevars;
    int nfreevars;
    int32_t *labels; /* instruction index of each label, -1 until placed */
    int nlabels, caplabels;
    FBlock fblocks[COMPILE_MAX_FBLOCKS];
    int nfblocks;
    int line; /* line of the node being compiled: every emitted instruction gets it */
    const char *private_name; /* class name for mangling */
    bool fast;                /* function-like: fast locals, LOAD_GLOBAL */
    bool is_class;
    int in_loop_for_continue; /* unused by the VM; kept for clarity of errors */
} Unit;

typedef struct Compiler {
    Interp *I;
    SymTable st;
    Str *filename;
    Str *source;
    int mode;
    Unit *u;
    bool future_annotations; /* from __future__ import annotations: PEP 563 strings */
    /* the module's leading future imports, items[0..n) of its body: the only places a
     * `from __future__ import` may be (compile_stmt.c checks) */
    AstStmt *const *future_stmts;
    int nfuture_stmts;
} Compiler;

/* ---- compile.c ---- */
/* Raise SyntaxError at pos (CPython's range: line, col to end_line, end_col, in bytes;
 * end_line 0 when unknown). compile_error returns -1, compile_syntax_error V_NULL. */
int compile_error(Compiler *c, AstPos pos, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
Value compile_syntax_error(Interp *I, Str *filename, Str *source, AstPos pos, const char *msg);
static inline AstPos compile_line_pos(int line) {
    AstPos p = {line, 0, 0, 0};
    return p;
}
int unit_enter(Compiler *c, Scope *ste, const char *name, Str *qualname, int firstlineno);
Code *unit_leave(Compiler *c); /* finishes the code object; NULL after raising */
void unit_discard(Compiler *c);
int emit(Compiler *c, int op, uint32_t arg);
int emit_jump(Compiler *c, int op, int label);
int label_new(Compiler *c);
void label_place(Compiler *c, int label);
int const_index(Compiler *c, Value v); /* -1 after raising */
int emit_const(Compiler *c, Value v);
int emit_none(Compiler *c);
int emit_int(Compiler *c, int64_t x);
int emit_str_const(Compiler *c, const char *s, size_t len);
Value compile_str_value(Compiler *c, const char *s, size_t len); /* V_NULL on OOM */
int name_index(Compiler *c, const char *name); /* names[] slot, interned; -1 after raising */
const char *compile_mangle(Compiler *c, const char *name);
int compile_nameop(Compiler *c, const char *name, AstCtx ctx);
/* Push what MAKE_FUNCTION needs for the closure of a finished child code (flag 8) and the
 * code itself; returns the flag bits to add (0 or 8), -1 after raising. */
int compile_closure_and_code(Compiler *c, Code *child);
Str *compile_qualname(Compiler *c, const char *name, bool is_function);
int fblock_push(Compiler *c, FBlockKind kind, int label_continue, int label_exit);
void fblock_pop(Compiler *c);
bool unit_is_generator(Unit *u);

/* ---- compile_expr.c ---- */
int compile_expr(Compiler *c, AstExpr *e);
int compile_jump_if(Compiler *c, AstExpr *e, bool cond, int label);
int compile_store(Compiler *c, AstExpr *target); /* store TOS into target (pops it) */
int compile_delete(Compiler *c, AstExpr *target);
int compile_augassign(Compiler *c, AstStmt *s);
int compile_lambda(Compiler *c, AstExpr *e);
/* MAKE_FUNCTION prologue: defaults, kw defaults, annotations (ann_returns may be NULL).
 * Returns the MAKE_FUNCTION flag bits, -1 after raising. */
/* An annotation's value: the expression, or under `from __future__ import annotations` its
 * source text as a str constant (compile_expr.c). */
int compile_annotation(Compiler *c, AstExpr *e);
int compile_function_prologue(Compiler *c, AstArguments *args, AstExpr *returns,
                              bool with_annotations);
/* Fill the unit's argument counts and varnames from args. */
int compile_unit_arguments(Compiler *c, AstArguments *args);
bool expr_is_const(const AstExpr *e);
int compile_check_keywords(Compiler *c, AstKeyword *kws, int n);
Value compile_const_value(Compiler *c, const AstConstant *k);     /* V_NULL on OOM */
Tuple *compile_str_tuple(Compiler *c, const char **names, int n); /* temp-rooted; NULL */

/* ---- compile_stmt.c ---- */
int compile_stmt(Compiler *c, AstStmt *s);
int compile_body(Compiler *c, const AstStmtList *body);
/* ---- compile_match.c ---- */
int compile_match(Compiler *c, AstStmt *s);

/* Statements a module or class body needs SETUP_ANNOTATIONS for. */
bool body_has_annotations(const AstStmtList *body);

#endif
