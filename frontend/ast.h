/* ast.h: the abstract syntax tree the parser builds and the compiler consumes.
 *
 * The shape follows CPython's ast module (Python.asdl) closely, so CPython's decisions
 * (what is an expression, how f-strings and comprehensions are represented) carry over.
 * Nodes live in an arena owned by the parse (AstArena) and are freed all at once after
 * compilation; they are not heap objects, the collector never sees them. Identifiers and
 * string literals are arena copies: identifiers NUL-terminated, literals with a length
 * (they may hold NUL). Every node keeps its 1-based line and 0-based column (in code
 * points, as CPython's col_offset is in bytes of UTF-8 -- we keep bytes too, see below). */
#ifndef KRAIT_AST_H
#define KRAIT_AST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct AstExpr AstExpr;
typedef struct AstStmt AstStmt;

/* An arena of big blocks (ast.c). */
typedef struct AstArena {
    struct AstBlock *blocks;
    size_t used_in_block;
    void *(*alloc)(void *ud, void *ptr, size_t old_size, size_t new_size); /* kr_alloc_fn */
    void *alloc_ud;
    bool failed; /* an allocation failed */
} AstArena;
void *ast_alloc(AstArena *a, size_t size); /* zeroed; NULL on failure (sets failed) */
char *ast_strdup(AstArena *a, const char *s, size_t len); /* NUL-terminated copy */
void ast_arena_free(AstArena *a);

typedef struct AstExprList {
    AstExpr **items;
    int len;
} AstExprList;
typedef struct AstStmtList {
    AstStmt **items;
    int len;
} AstStmtList;

typedef struct AstPos {
    int line; /* 1-based */
    int col;  /* 0-based, in bytes of the UTF-8 line, as CPython's col_offset */
    int end_line;
    int end_col;
} AstPos;

typedef enum AstExprKind {
    EXPR_BOOLOP,    /* boolop: op (AST_AND/AST_OR), values */
    EXPR_NAMEDEXPR, /* named: target (EXPR_NAME), value   (walrus) */
    EXPR_BINOP,     /* binop: left, op (BIN_* from object.h), right */
    EXPR_UNARYOP,   /* unary: op (AST_NOT, AST_USUB, AST_UADD, AST_INVERT), operand */
    EXPR_LAMBDA,    /* lambda: args, body (an expression) */
    EXPR_IFEXP,     /* ifexp: test, body, orelse */
    EXPR_DICT,      /* dict: keys (NULL item for **spread), values */
    EXPR_SET,       /* seq: elts */
    EXPR_LISTCOMP,  /* comp: elt, generators */
    EXPR_SETCOMP,   /* comp: elt, generators */
    EXPR_DICTCOMP,  /* comp: key (in elt), value, generators */
    EXPR_GENEXP,    /* comp: elt, generators */
    EXPR_AWAIT,     /* value: value */
    EXPR_YIELD,     /* value: value (NULL for bare yield) */
    EXPR_YIELDFROM, /* value: value */
    EXPR_COMPARE,   /* compare: left, ops (CMP_* plus AST_IS, AST_ISNOT, AST_IN, AST_NOTIN),
                       comparators */
    EXPR_CALL,      /* call: func, args (EXPR_STARRED for *a), keywords */
    EXPR_FORMATTED, /* formatted: value, conversion ('s','r','a' or 0), format_spec
                       (EXPR_JOINEDSTR or NULL) -- only inside EXPR_JOINEDSTR */
    EXPR_JOINEDSTR, /* seq: elts (EXPR_CONSTANT str parts and EXPR_FORMATTED) */
    /* t"...": seq: elts (EXPR_CONSTANT str parts and EXPR_INTERPOLATION) */
    EXPR_TEMPLATESTR,
    /* formatted, as EXPR_FORMATTED, plus text (the expression's source without its trailing
     * whitespace) -- only inside EXPR_TEMPLATESTR */
    EXPR_INTERPOLATION,
    EXPR_CONSTANT,  /* constant */
    EXPR_ATTRIBUTE, /* attribute: value, attr, ctx */
    EXPR_SUBSCRIPT, /* subscript: value, slice, ctx */
    EXPR_STARRED,   /* starred: value, ctx */
    EXPR_NAME,      /* name: id, ctx */
    EXPR_LIST,      /* seq: elts, ctx */
    EXPR_TUPLE,     /* seq: elts, ctx */
    EXPR_SLICE,     /* slice: lower, upper, step (each may be NULL) */
} AstExprKind;

enum { AST_AND, AST_OR };
enum { AST_NOT = 100, AST_USUB, AST_UADD, AST_INVERT };
enum { AST_IS = 200, AST_ISNOT, AST_IN, AST_NOTIN }; /* beside CMP_* in compare ops */
typedef enum AstCtx { CTX_LOAD, CTX_STORE, CTX_DEL } AstCtx;

typedef enum AstConstKind {
    CONST_NONE,
    CONST_TRUE,
    CONST_FALSE,
    CONST_ELLIPSIS,
    CONST_INT,    /* fits int64: ival */
    CONST_BIGINT, /* text holds the literal's digits, underscores removed, with its base */
    CONST_FLOAT,
    CONST_STR,   /* str: UTF-8, len bytes */
    CONST_BYTES, /* str: raw bytes, len */
} AstConstKind;

typedef struct AstConstant {
    AstConstKind kind;
    int64_t ival;
    double fval;
    const char *str; /* CONST_STR, CONST_BYTES, CONST_BIGINT (digits only) */
    size_t len;
    int base; /* CONST_BIGINT: 2, 8, 10 or 16 */
} AstConstant;

typedef struct AstArg {
    const char *name;
    AstExpr *annotation; /* NULL if none */
    AstPos pos;
} AstArg;

typedef struct AstArguments {
    AstArg *posonly; /* before / */
    int nposonly;
    AstArg *args; /* positional-or-keyword */
    int nargs;
    AstArg *vararg; /* *args, NULL if none */
    AstArg *kwonly;
    int nkwonly;
    AstExpr **kw_defaults; /* nkwonly entries, NULL where no default */
    AstArg *kwarg;         /* **kwargs, NULL if none */
    AstExprList defaults;  /* for the last len of posonly+args */
} AstArguments;

typedef struct AstKeyword {
    const char *arg; /* NULL for **kwargs */
    AstExpr *value;
    AstPos pos;
} AstKeyword;

typedef struct AstComprehension {
    AstExpr *target;
    AstExpr *iter;
    AstExprList ifs;
    bool is_async;
} AstComprehension;

struct AstExpr {
    AstExprKind kind;
    AstPos pos;
    union {
        struct {
            int op;
            AstExprList values;
        } boolop;
        struct {
            AstExpr *target, *value;
        } named;
        struct {
            AstExpr *left;
            int op;
            AstExpr *right;
        } binop;
        struct {
            int op;
            AstExpr *operand;
        } unary;
        struct {
            AstArguments *args;
            AstExpr *body;
        } lambda;
        struct {
            AstExpr *test, *body, *orelse;
        } ifexp;
        struct {
            AstExprList keys, values;
        } dict;
        struct {
            AstExprList elts;
            AstCtx ctx;
        } seq;
        struct {
            AstExpr *elt, *value; /* value only for dict comprehensions */
            AstComprehension *generators;
            int ngenerators;
        } comp;
        struct {
            AstExpr *value;
        } value;
        struct {
            AstExpr *left;
            int *ops;
            AstExprList comparators;
        } compare;
        struct {
            AstExpr *func;
            AstExprList args;
            AstKeyword *keywords;
            int nkeywords;
        } call;
        struct {
            AstExpr *value;
            int conversion;
            AstExpr *format_spec;
            const char *text; /* EXPR_INTERPOLATION */
            size_t text_len;
        } formatted;
        AstConstant constant;
        struct {
            AstExpr *value;
            const char *attr;
            AstCtx ctx;
        } attribute;
        struct {
            AstExpr *value, *slice;
            AstCtx ctx;
        } subscript;
        struct {
            AstExpr *value;
            AstCtx ctx;
        } starred;
        struct {
            const char *id;
            AstCtx ctx;
        } name;
        struct {
            AstExpr *lower, *upper, *step;
        } slice;
    } u;
};

typedef enum AstStmtKind {
    STMT_FUNCTIONDEF, /* funcdef (is_async distinguishes async def) */
    STMT_CLASSDEF,
    STMT_RETURN,     /* value: value (NULL) */
    STMT_DELETE,     /* targets */
    STMT_ASSIGN,     /* assign: targets (a = b = v has two), value */
    STMT_AUGASSIGN,  /* augassign: target, op (BIN_*), value */
    STMT_ANNASSIGN,  /* annassign: target, annotation, value (NULL), simple */
    STMT_FOR,        /* for_: target, iter, body, orelse, is_async */
    STMT_WHILE,      /* while_: test, body, orelse */
    STMT_IF,         /* if_: test, body, orelse (elif is a nested If in orelse) */
    STMT_WITH,       /* with: items, body, is_async */
    STMT_RAISE,      /* raise: exc (NULL), cause (NULL) */
    STMT_TRY,        /* try_: body, handlers, orelse, finalbody */
    STMT_ASSERT,     /* assert_: test, msg (NULL) */
    STMT_IMPORT,     /* import: names */
    STMT_IMPORTFROM, /* import: module (NULL for `from . import x`), names, level */
    STMT_GLOBAL,     /* names: names */
    STMT_NONLOCAL,   /* names: names */
    STMT_EXPR,       /* value: value */
    STMT_PASS,
    STMT_BREAK,
    STMT_CONTINUE,
    STMT_MATCH, /* match: subject, cases, ncases */
} AstStmtKind;

/* match statement patterns, as CPython's ast (MatchValue, MatchSingleton, ...). */
typedef struct AstPattern AstPattern;
typedef enum AstPatternKind {
    PAT_VALUE,     /* value: a literal or dotted-name expression, compared with == */
    PAT_SINGLETON, /* value: a None/True/False constant, compared with is */
    PAT_SEQUENCE,  /* seq: patterns (at most one PAT_STAR) */
    PAT_MAPPING,   /* mapping: keys, patterns, rest (NULL if no **rest) */
    PAT_CLASS,     /* cls: cls, patterns, kwd_attrs, kwd_patterns */
    PAT_STAR,      /* name (NULL for *_) -- only inside PAT_SEQUENCE */
    PAT_AS,        /* as: pattern (NULL: a capture or wildcard), name (NULL: wildcard) */
    PAT_OR,        /* seq: patterns */
} AstPatternKind;
struct AstPattern {
    AstPatternKind kind;
    AstPos pos;
    const char *name;    /* PAT_STAR, PAT_AS */
    AstExpr *value;      /* PAT_VALUE, PAT_SINGLETON; PAT_CLASS: the class expression */
    AstPattern *pattern; /* PAT_AS */
    AstPattern **patterns;
    int npatterns;
    AstExpr **keys;         /* PAT_MAPPING: npatterns keys */
    const char *rest;       /* PAT_MAPPING */
    const char **kwd_attrs; /* PAT_CLASS */
    AstPattern **kwd_patterns;
    int nkwd;
};
typedef struct AstMatchCase {
    AstPattern *pattern;
    AstExpr *guard; /* NULL if none */
    AstStmtList body;
} AstMatchCase;

typedef struct AstAlias {
    const char *name;   /* dotted name for import; "*" for from-import-star */
    const char *asname; /* NULL if none */
    AstPos pos;
} AstAlias;

typedef struct AstWithItem {
    AstExpr *context_expr;
    AstExpr *optional_vars; /* NULL if none */
} AstWithItem;

typedef struct AstHandler {
    AstExpr *type;    /* NULL for bare except */
    bool star;        /* except* */
    const char *name; /* NULL if no `as` */
    AstStmtList body;
    AstPos pos;
} AstHandler;

struct AstStmt {
    AstStmtKind kind;
    AstPos pos;
    union {
        struct {
            const char *name;
            AstArguments *args;
            AstStmtList body;
            AstExprList decorators;
            AstExpr *returns; /* NULL */
            bool is_async;
        } funcdef;
        struct {
            const char *name;
            AstExprList bases;
            AstKeyword *keywords;
            int nkeywords;
            AstStmtList body;
            AstExprList decorators;
        } classdef;
        struct {
            AstExpr *value;
        } value;
        struct {
            AstExprList targets;
        } del;
        struct {
            AstExprList targets;
            AstExpr *value;
        } assign;
        struct {
            AstExpr *target;
            int op;
            AstExpr *value;
        } augassign;
        struct {
            AstExpr *target, *annotation, *value;
            bool simple;
        } annassign;
        struct {
            AstExpr *target, *iter;
            AstStmtList body, orelse;
            bool is_async;
        } for_;
        struct {
            AstExpr *test;
            AstStmtList body, orelse;
        } while_;
        struct {
            AstExpr *test;
            AstStmtList body, orelse;
        } if_;
        struct {
            AstWithItem *items;
            int nitems;
            AstStmtList body;
            bool is_async;
        } with;
        struct {
            AstExpr *exc, *cause;
        } raise;
        struct {
            AstStmtList body;
            AstHandler *handlers;
            int nhandlers;
            AstStmtList orelse, finalbody;
        } try_;
        struct {
            AstExpr *test, *msg;
        } assert_;
        struct {
            const char *module;
            AstAlias *names;
            int nnames;
            int level;
        } import;
        struct {
            const char **names;
            int nnames;
        } names;
        struct {
            AstExpr *subject;
            struct AstMatchCase *cases;
            int ncases;
        } match;
    } u;
};

typedef struct AstModule {
    AstStmtList body;
} AstModule;

/* What went wrong in the source, as CPython reports it: kind is "SyntaxError",
 * "IndentationError" or "TabError"; line 1-based; col 1-based (CPython's offset, in
 * characters); text is the source line (without the newline). */
typedef struct SyntaxErrorInfo {
    const char *kind;
    char msg[256];
    int line;
    int col;
    int end_line, end_col; /* 0 when unknown */
    char *text;            /* malloc'd through the arena allocator, or NULL */
    /* added by the frontend: msg holds one "%s" where the file name goes (CPython's
     * "Non-UTF-8 code starting with '\xff' in file %s on line 2, ..."); line is then 0:
     * CPython prints that error without a location. text, when set, was allocated with
     * arena->alloc(ud, NULL, 0, strlen(text) + 1) and must be freed the same way. */
    bool msg_has_filename;
} SyntaxErrorInfo;

/* The parser entry point (parser.c). mode: PARSE_FILE (a module), PARSE_EVAL (one
 * expression, returned as a module holding one STMT_EXPR), PARSE_SINGLE (one interactive
 * statement). Returns NULL and fills *err on a syntax error or when memory runs out
 * (kind "MemoryError"). The source must be NUL-terminated; len excludes the NUL. */
enum { PARSE_FILE, PARSE_EVAL, PARSE_SINGLE };
/* A flag or'ed into the mode for the compiler (not the parser): `await`, `async for` and
 * `async with` at the top level make the module code a coroutine (CO_COROUTINE) instead of
 * a SyntaxError, as CPython's PyCF_ALLOW_TOP_LEVEL_AWAIT (the REPL's top-level await). */
#define PARSE_TOP_AWAIT 0x100
AstModule *parse_source(AstArena *arena, const char *src, size_t len, int mode,
                        SyntaxErrorInfo *err);

/* For the REPL: 1 if src is an incomplete statement that needs more lines (open
 * brackets, a compound statement header, an unterminated triple-quoted string), 0 if
 * complete (or a real error). */
int parse_is_incomplete(const char *src, size_t len);

#endif
