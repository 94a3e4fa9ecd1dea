/* parser.h: internals shared by the parser's files (parser.c: tokens, errors, targets and
 * the entry points; parser_expr.c: expressions; parser_stmt.c: statements;
 * parser_string.c: string literals and f-strings).
 *
 * The parser is recursive descent over CPython 3.11's grammar. Tokens are kept in a buffer
 * so that a few places can look ahead or back off (the soft keyword `match`, parenthesized
 * with-items, CPython's "Perhaps you forgot a comma?" check). The first error wins: once
 * p->failed is set every function returns NULL at once. */
#ifndef KRAIT_PARSER_H
#define KRAIT_PARSER_H

#include "ast.h"
#include "lexer.h"

typedef struct Parser {
    AstArena *arena;
    Lexer lx;
    SyntaxErrorInfo lexerr; /* the lexer's error, copied into *err when the parser meets it */
    Token **chunks;         /* tokens in fixed chunks, so Token pointers stay valid as it grows */
    int nchunks, chunk_cap;
    int ntoks;
    int pos;
    SyntaxErrorInfo *err;
    bool failed;
    int depth; /* recursion depth, to fail cleanly on absurd nesting */
    int mode;
    bool in_fstring_expr;
    bool pep701_expr;   /* a t-string's field: messages are not prefixed "f-string: " */
    bool lexer_failed;  /* the error came from the tokenizer */
    bool nomem;         /* an allocation failed (sticky: survives backtracking) */
    bool no_invalid;    /* inside a speculative parse for an error message: no more checks */
    bool final_error;   /* an error CPython reports without looking at the rest of the source */
    char fstring_quote; /* the quote of the enclosing f-string (3.11 forbids it inside) */
} Parser;

enum { PARSER_MAX_DEPTH = 6000, P_CHUNK = 1024 };
#define P_TOK(p, i) (&(p)->chunks[(i) / P_CHUNK][(i) % P_CHUNK])

void *ast_raw_alloc(AstArena *a, void *ptr, size_t old_size, size_t new_size);

/* tokens */
Token *p_peek(Parser *p);
Token *p_peek_at(Parser *p, int ahead);
Token *p_prev(Parser *p);
Token *p_next(Parser *p);
bool p_is_op(Parser *p, int op);
bool p_is_kw(Parser *p, int kw);
bool p_is_name(Parser *p, const char *s); /* a non-keyword NAME spelled s */
bool p_accept_op(Parser *p, int op);
bool p_accept_kw(Parser *p, int kw);
bool p_expect_op(Parser *p, int op);
void p_init(Parser *p, AstArena *arena, const char *src, size_t len, SyntaxErrorInfo *err);
void p_release(Parser *p);

/* errors */
void *p_error_at(Parser *p, const char *kind, int line, int col, int end_line, int end_col,
                 const char *fmt, ...);
void *p_error_tok(Parser *p, Token *t, const char *fmt, ...);
void *p_error_node(Parser *p, AstPos pos, const char *fmt, ...);
void *p_syntax_error(Parser *p); /* "invalid syntax" at the current token, or better */
void *p_nomem(Parser *p);
bool p_enter(Parser *p); /* depth check; false after raising */
void p_leave(Parser *p);
#define P_FAIL(p) ((p)->failed)

/* nodes */
AstExpr *p_new_expr(Parser *p, AstExprKind kind, Token *start);
AstStmt *p_new_stmt(Parser *p, AstStmtKind kind, Token *start);
void p_set_end(Parser *p, AstPos *pos); /* end at the last consumed token */
void p_copy_start(AstPos *dst, const AstPos *src);
typedef struct ExprVec {
    AstExpr **items;
    int len, cap;
} ExprVec;
bool p_vec_push(Parser *p, ExprVec *v, void *item);
AstExprList p_vec_list(ExprVec *v);
const char *p_token_str(Parser *p, Token *t);
const char *p_expr_name(AstExpr *e);

/* targets */
enum { TARGETS_STAR, TARGETS_DEL, TARGETS_FOR };
AstExpr *p_invalid_target(AstExpr *e, int type);
void p_set_ctx(AstExpr *e, AstCtx ctx);
bool p_check_target(Parser *p, AstExpr *e, int type); /* raise CPython's error if invalid */

/* expressions (parser_expr.c) */
AstExpr *p_expression(Parser *p);
AstExpr *p_named_expression(Parser *p);
AstExpr *p_star_expressions(Parser *p);
bool p_del_targets(Parser *p, ExprVec *out); /* del's comma-separated targets */
AstExpr *p_star_named_expression(Parser *p);
AstExpr *p_star_targets(Parser *p); /* for-loop and comprehension targets (bitwise_or level) */
AstExpr *p_disjunction(Parser *p);
AstExpr *p_bitwise_or(Parser *p);
AstExpr *p_yield_expr(Parser *p);
AstArguments *p_parameters(Parser *p, bool lambda, int close_op);
bool p_call_args(Parser *p, AstExpr *call); /* after '(' up to and including ')' */
bool p_starts_expression(Token *t);
void *p_comma_error(Parser *p, AstExpr *prev, Token *prev_start);
void p_check_stray_equal(Parser *p, AstExpr *e); /* `(a = 1)`: CPython's hint about '==' */

AstExpr *p_number(Parser *p, Token *t); /* t (already consumed) as a constant */

/* match statements (parser_match.c): at the `match` soft keyword */
bool p_is_match_stmt(Parser *p);
AstStmt *p_match_stmt(Parser *p, Token *t);

/* strings (parser_string.c, parser_unicode_names.c) */
long unicode_lookup_name(const char *name, size_t len);
AstExpr *p_strings(Parser *p);

/* statements (parser_stmt.c) */
bool p_statements_until(Parser *p, ExprVec *out, int end_type);
bool p_single_input(Parser *p, ExprVec *out);
AstStmtList p_block(Parser *p, Token *header, const char *what);

#endif
