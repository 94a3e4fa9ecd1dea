/* symtable.h: scope analysis, the compiler's first pass (symtable.c).
 *
 * As CPython's symtable: one Scope per module, class, function, lambda and comprehension,
 * holding every name the scope mentions with how it is used (DEF_* flags); a second pass
 * then resolves each name to where it lives (SC_*: fast local, global, cell, free) by
 * walking the tree with the sets of names bound in the enclosing functions. The compiler
 * reads the result to choose LOAD_FAST / LOAD_DEREF / LOAD_GLOBAL / LOAD_NAME and to lay
 * out cells. Errors (nonlocal without binding, global after use...) are raised as
 * SyntaxError with CPython's messages and positions. */
#ifndef KRAIT_SYMTABLE_H
#define KRAIT_SYMTABLE_H

#include "../vm/interp.h"
#include "ast.h"

enum {
    DEF_GLOBAL = 1u << 0,     /* global statement */
    DEF_LOCAL = 1u << 1,      /* assigned in the scope */
    DEF_PARAM = 1u << 2,      /* a parameter */
    DEF_NONLOCAL = 1u << 3,   /* nonlocal statement */
    DEF_USE = 1u << 4,        /* read */
    DEF_FREE_CLASS = 1u << 5, /* free in a method, and also bound in the class */
    DEF_IMPORT = 1u << 6,
    DEF_ANNOT = 1u << 7,
    DEF_COMP_ITER = 1u << 8, /* a comprehension's iteration variable */
};
#define DEF_BOUND (DEF_LOCAL | DEF_PARAM | DEF_IMPORT)

typedef enum SymScope {
    SC_UNKNOWN,
    SC_LOCAL,
    SC_GLOBAL_EXPLICIT,
    SC_GLOBAL_IMPLICIT,
    SC_FREE,
    SC_CELL,
} SymScope;

typedef struct Symbol {
    const char *name; /* mangled */
    uint32_t hash;
    unsigned flags;
    SymScope scope;
    AstPos pos; /* where the first global/nonlocal directive for it was */
} Symbol;

typedef enum ScopeKind { SCOPE_MODULE, SCOPE_CLASS, SCOPE_FUNCTION } ScopeKind;

/* Comprehension kinds, for the names of their code objects and error messages. */
typedef enum CompKind { COMP_NONE, COMP_LIST, COMP_SET, COMP_DICT, COMP_GENEXP } CompKind;

typedef struct Scope {
    ScopeKind kind;
    const char *name;
    const void *node; /* the AstStmt (def, class) or AstExpr (lambda, comprehension) */
    struct Scope *parent;
    struct Scope **children; /* in source order */
    int nchildren, capchildren;
    Symbol *symbols; /* in order of first mention */
    int nsymbols, capsymbols;
    int32_t *index; /* open-addressing hash over symbols, -1 empty */
    int index_cap;
    int line, col;
    CompKind comp_kind;
    bool nested;    /* inside a function */
    bool generator; /* contains yield (or is a generator expression) */
    bool coroutine; /* async def */
    bool is_lambda;
    bool has_free;            /* has free variables */
    bool child_free;          /* a nested scope has free variables */
    bool needs_class_closure; /* class whose methods use __class__ or super() */
    bool has_annotations;     /* module/class with annotated names: SETUP_ANNOTATIONS */
    int comp_iter_target;     /* visiting a comprehension's target */
    int comp_iter_expr;       /* visiting a comprehension's iterable */
} Scope;

typedef struct SymTable {
    Interp *I;
    Str *filename;
    Str *source;
    Scope *top;
    Scope *cur;
    Scope **all; /* every scope, for lookup by node */
    int nall, capall;
    char **strs; /* mangled names, owned */
    int nstrs, capstrs;
    const char *private_name; /* the enclosing class's name, for mangling __x */
    bool top_await;           /* PARSE_TOP_AWAIT: an await at the top makes it a coroutine */
} SymTable;

/* Build and analyse the table for a module. false after raising (SyntaxError, MemoryError);
 * st must be freed with symtable_free in every case. */
bool symtable_build(Interp *I, SymTable *st, AstModule *mod, int mode, Str *filename, Str *source);
void symtable_free(SymTable *st);

Scope *symtable_lookup_scope(SymTable *st, const void *node);
Symbol *scope_lookup(Scope *s, const char *name); /* NULL if the scope never names it */
SymScope scope_of(Scope *s, const char *name);    /* SC_UNKNOWN if absent */
/* _Class__x for __x inside class Class, as CPython mangles private names; NULL on OOM. */
const char *symtable_mangle(SymTable *st, const char *private_name, const char *name);

#endif
