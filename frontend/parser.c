/* parser.c: the parser's token buffer, error reporting, target checks and entry points.
 *
 * Errors follow CPython 3.11's pegen: positions are 1-based character offsets, the generic
 * error is "invalid syntax" at the token where parsing stopped, and tokenizer errors take
 * precedence over a generic parser error found earlier in the file (CPython tokenizes the
 * rest of the source before reporting "invalid syntax"). */
#include "parser.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void p_init(Parser *p, AstArena *arena, const char *src, size_t len, SyntaxErrorInfo *err) {
    memset(p, 0, sizeof *p);
    p->arena = arena;
    p->err = err;
    lex_init(&p->lx, src, len, &p->lexerr);
}

void p_release(Parser *p) {
    for (int i = 0; i < p->nchunks; i++)
        ast_raw_alloc(p->arena, p->chunks[i], sizeof(Token) * P_CHUNK, 0);
    if (p->chunks) ast_raw_alloc(p->arena, p->chunks, sizeof(Token *) * p->chunk_cap, 0);
    p->chunks = NULL;
    p->nchunks = p->chunk_cap = 0;
}

static bool p_fill(Parser *p, int index) {
    while (p->ntoks <= index) {
        if (p->ntoks == p->nchunks * P_CHUNK) {
            if (p->nchunks == p->chunk_cap) {
                int ncap = p->chunk_cap ? p->chunk_cap * 2 : 8;
                Token **nc = ast_raw_alloc(p->arena, p->chunks, sizeof(Token *) * p->chunk_cap,
                                           sizeof(Token *) * ncap);
                if (!nc) {
                    p_nomem(p);
                    return false;
                }
                p->chunks = nc;
                p->chunk_cap = ncap;
            }
            Token *c = ast_raw_alloc(p->arena, NULL, 0, sizeof(Token) * P_CHUNK);
            if (!c) {
                p_nomem(p);
                return false;
            }
            p->chunks[p->nchunks++] = c;
        }
        Token *slot = P_TOK(p, p->ntoks);
        if (p->ntoks > 0) {
            Token *last = P_TOK(p, p->ntoks - 1);
            if (last->type == TK_ENDMARKER || last->type == TK_ERROR) {
                *slot = *last; /* repeat the final token */
                slot->index = p->ntoks++;
                continue;
            }
        }
        *slot = lex_next(&p->lx);
        slot->index = p->ntoks++;
    }
    return true;
}

static const Token p_dummy_token = {TK_ERROR, 0, 0, 0, "", 0, 1, 0, 1, 0};

Token *p_peek_at(Parser *p, int ahead) {
    if (!p_fill(p, p->pos + ahead)) return (Token *)&p_dummy_token;
    return P_TOK(p, p->pos + ahead);
}

Token *p_peek(Parser *p) {
    return p_peek_at(p, 0);
}

Token *p_prev(Parser *p) {
    return p->pos > 0 ? P_TOK(p, p->pos - 1) : p_peek(p);
}

Token *p_next(Parser *p) {
    Token *t = p_peek(p);
    if (t->type != TK_ERROR && t->type != TK_ENDMARKER) p->pos++;
    return t;
}

bool p_is_op(Parser *p, int op) {
    Token *t = p_peek(p);
    return t->type == TK_OP && t->op == op;
}

bool p_is_kw(Parser *p, int kw) {
    Token *t = p_peek(p);
    return t->type == TK_NAME && t->op == kw;
}

bool p_is_name(Parser *p, const char *s) {
    Token *t = p_peek(p);
    return t->type == TK_NAME && t->op == 0 && (size_t)t->len == strlen(s) &&
           memcmp(t->start, s, t->len) == 0;
}

bool p_accept_op(Parser *p, int op) {
    if (!p_is_op(p, op)) return false;
    p->pos++;
    return true;
}

bool p_accept_kw(Parser *p, int kw) {
    if (!p_is_kw(p, kw)) return false;
    p->pos++;
    return true;
}

bool p_expect_op(Parser *p, int op) {
    if (p_accept_op(p, op)) return true;
    p_syntax_error(p);
    return false;
}

/* ---- errors ---- */

static void p_verror(Parser *p, const char *kind, int line, int col, int end_line, int end_col,
                     const char *fmt, va_list ap) {
    if (p->failed) return;
    p->failed = true;
    SyntaxErrorInfo *e = p->err;
    if (e->kind) return;
    if (p->in_fstring_expr && !p->pep701_expr) {
        char inner[sizeof e->msg - 16];
        vsnprintf(inner, sizeof inner, fmt, ap);
        if (strncmp(inner, "f-string", 8) == 0)
            snprintf(e->msg, sizeof e->msg, "%s", inner);
        else
            snprintf(e->msg, sizeof e->msg, "f-string: %s", inner);
    } else {
        vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    }
    e->kind = kind;
    e->line = line;
    e->col = lex_offset(&p->lx, line, col);
    e->end_line = end_line;
    e->end_col = lex_offset(&p->lx, end_line, end_col);
}

/* col and end_col are 0-based byte columns. */
void *p_error_at(Parser *p, const char *kind, int line, int col, int end_line, int end_col,
                 const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    p_verror(p, kind, line, col, end_line, end_col, fmt, ap);
    va_end(ap);
    return NULL;
}

void *p_error_tok(Parser *p, Token *t, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    p_verror(p, "SyntaxError", t->line, t->col, t->end_line, t->end_col, fmt, ap);
    va_end(ap);
    return NULL;
}

void *p_error_node(Parser *p, AstPos pos, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    p_verror(p, "SyntaxError", pos.line, pos.col, pos.end_line, pos.end_col, fmt, ap);
    va_end(ap);
    return NULL;
}

void *p_nomem(Parser *p) {
    p->nomem = true;
    if (!p->failed) {
        p->failed = true;
        if (!p->err->kind) {
            p->err->kind = "MemoryError";
            snprintf(p->err->msg, sizeof p->err->msg, "out of memory while parsing");
        }
    }
    return NULL;
}

static void p_take_lexer_error(Parser *p) {
    if (p->failed) return;
    p->failed = true;
    p->lexer_failed = true;
    if (!p->err->kind) {
        char *text = p->err->text;
        *p->err = p->lexerr;
        p->err->text = text;
    }
}

/* After a parser error, CPython tokenizes the rest of the source: a tokenizer error there
 * replaces the parser's error, and so does a bracket left open at the end of the file when
 * it was opened on a line before the error's (_PyPegen_tokenize_full_source_to_check_for_
 * errors). */
static void p_check_rest_of_source(Parser *p) {
    if (p->final_error || p->mode == PARSE_SINGLE || !p->err->kind ||
        strcmp(p->err->kind, "MemoryError") == 0 || strcmp(p->err->kind, "RecursionError") == 0)
        return;
    /* the error is the tokenizer's own (p->lexer_failed may have been set while
     * backtracking, so compare the errors themselves) */
    if (p->lexerr.kind && strcmp(p->err->msg, p->lexerr.msg) == 0 &&
        p->err->line == p->lexerr.line && p->err->col == p->lexerr.col)
        return;
    int err_line = p->ntoks ? P_TOK(p, p->ntoks - 1)->line : 1;
    Lexer *lx = &p->lx;
    if (!lx->done && !p->lexerr.kind) {
        for (;;) {
            Token t = lex_next(lx);
            if (t.type == TK_ENDMARKER) return;
            if (t.type == TK_ERROR) break;
        }
    }
    /* indentation errors and the end of input are not raised by CPython's tokenizer
     * itself (the parser turns them into exceptions), so they do not replace the error */
    if (p->lexerr.kind && strcmp(p->lexerr.kind, "SyntaxError") == 0 &&
        strcmp(p->lexerr.msg, "unexpected EOF while parsing") != 0 &&
        strcmp(p->lexerr.msg, "unexpected character after line continuation character") != 0 &&
        strcmp(p->lexerr.msg, "invalid syntax") != 0) {
        char *text = p->err->text;
        *p->err = p->lexerr;
        p->err->text = text;
        return;
    }
    if (lx->eof_seen && lx->level > 0 && err_line > lx->paren_line[lx->level - 1]) {
        int i = lx->level - 1;
        p->failed = false;
        SyntaxErrorInfo *e = p->err;
        e->kind = NULL;
        p_error_at(p, "SyntaxError", lx->paren_line[i], lx->paren_col[i], lx->paren_line[i], -1,
                   "'%c' was never closed", lx->paren[i]);
    }
}

void *p_syntax_error(Parser *p) {
    if (p->failed) return NULL;
    Token *t = p_peek(p);
    if (t->type == TK_ERROR) {
        if (p->lexerr.kind) {
            p_take_lexer_error(p);
            return NULL;
        }
        if (p->lx.eof_seen && p->lx.level > 0) {
            int i = p->lx.level - 1;
            p->final_error = true;
            return p_error_at(p, "SyntaxError", p->lx.paren_line[i], p->lx.paren_col[i],
                              p->lx.paren_line[i], -1, "'%c' was never closed", p->lx.paren[i]);
        }
        if (p->failed) return NULL;
        return p_error_tok(p, t, "invalid syntax");
    }
    if (t->type == TK_INDENT || t->type == TK_DEDENT) {
        int line = t->line;
        const char *ls = lex_line_ptr_public(&p->lx, line);
        const char *q = ls;
        while (q < p->lx.end && (*q == ' ' || *q == '\t' || *q == '\014'))
            q++;
        int col = (int)(q - ls);
        p->final_error = true;
        return p_error_at(p, "IndentationError", line, col - 1, line, -1,
                          t->type == TK_INDENT ? "unexpected indent" : "unexpected unindent");
    }
    if (t->type == TK_ENDMARKER) {
        return p_error_at(p, "SyntaxError", t->line, t->col, t->line, t->col, "invalid syntax");
    }
    return p_error_tok(p, t, "invalid syntax");
}

bool p_enter(Parser *p) {
    if (p->failed) return false;
    if (++p->depth > PARSER_MAX_DEPTH) {
        p->depth--;
        Token *t = p_peek(p);
        p_error_at(p, "RecursionError", t->line, t->col, t->line, -1,
                   "maximum recursion depth exceeded during compilation");
        return false;
    }
    return true;
}

void p_leave(Parser *p) {
    p->depth--;
}

/* ---- nodes ---- */

static void p_pos_of_token(AstPos *pos, const Token *t) {
    pos->line = t->line;
    pos->col = t->col;
    pos->end_line = t->end_line;
    pos->end_col = t->end_col;
}

AstExpr *p_new_expr(Parser *p, AstExprKind kind, Token *start) {
    AstExpr *e = ast_alloc(p->arena, sizeof *e);
    if (!e) return p_nomem(p);
    e->kind = kind;
    p_pos_of_token(&e->pos, start);
    return e;
}

AstStmt *p_new_stmt(Parser *p, AstStmtKind kind, Token *start) {
    AstStmt *s = ast_alloc(p->arena, sizeof *s);
    if (!s) return p_nomem(p);
    s->kind = kind;
    p_pos_of_token(&s->pos, start);
    return s;
}

void p_set_end(Parser *p, AstPos *pos) {
    Token *t = p_prev(p);
    pos->end_line = t->end_line;
    pos->end_col = t->end_col;
}

void p_copy_start(AstPos *dst, const AstPos *src) {
    dst->line = src->line;
    dst->col = src->col;
}

bool p_vec_push(Parser *p, ExprVec *v, void *item) {
    if (v->len == v->cap) {
        int ncap = v->cap ? v->cap * 2 : 4;
        AstExpr **n = ast_alloc(p->arena, sizeof(void *) * ncap);
        if (!n) {
            p_nomem(p);
            return false;
        }
        if (v->len) memcpy(n, v->items, sizeof(void *) * v->len);
        v->items = n;
        v->cap = ncap;
    }
    v->items[v->len++] = item;
    return true;
}

AstExprList p_vec_list(ExprVec *v) {
    AstExprList l = {v->items, v->len};
    return l;
}

/* NFKC for the compatibility characters people meet in identifiers (CPython normalizes
 * every identifier to NFKC): ligatures, fullwidth forms, a few letterlike symbols. Returns
 * the replacement text or NULL when cp maps to itself. */
static const char *p_nfkc(unsigned cp, char *buf) {
    static const char *const lig[] = {"ff", "fi", "fl", "ffi", "ffl", "st", "st"};
    if (cp >= 0xFB00 && cp <= 0xFB06) return lig[cp - 0xFB00];
    if ((cp >= 0xFF10 && cp <= 0xFF19) || (cp >= 0xFF21 && cp <= 0xFF3A) ||
        (cp >= 0xFF41 && cp <= 0xFF5A) || cp == 0xFF3F) {
        buf[0] = (char)(cp - 0xFF00 + 0x20);
        buf[1] = 0;
        return buf;
    }
    switch (cp) {
    case 0x17F: return "s";
    case 0xB5: return "\xCE\xBC";
    case 0xAA: return "a";
    case 0xBA: return "o";
    case 0x2071: return "i";
    case 0x207F: return "n";
    default: return NULL;
    }
}

const char *p_token_str(Parser *p, Token *t) {
    bool ascii = true;
    for (int i = 0; i < t->len && ascii; i++)
        ascii = (unsigned char)t->start[i] < 0x80;
    if (!ascii && t->type == TK_NAME) {
        char *out = ast_alloc(p->arena, (size_t)t->len * 3 + 1);
        if (!out) return p_nomem(p);
        size_t n = 0;
        for (int i = 0; i < t->len;) {
            unsigned char c = (unsigned char)t->start[i];
            int k = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
            if (i + k > t->len) k = t->len - i;
            unsigned cp = k == 1 ? c : k == 2 ? c & 0x1F : k == 3 ? c & 0x0F : c & 0x07;
            for (int j = 1; j < k; j++)
                cp = (cp << 6) | ((unsigned char)t->start[i + j] & 0x3F);
            char buf[4];
            const char *r = p_nfkc(cp, buf);
            if (r) {
                memcpy(out + n, r, strlen(r));
                n += strlen(r);
            } else {
                memcpy(out + n, t->start + i, (size_t)k);
                n += (size_t)k;
            }
            i += k;
        }
        out[n] = 0;
        return out;
    }
    const char *s = ast_strdup(p->arena, t->start, t->len);
    if (!s) p_nomem(p);
    return s;
}

const char *p_expr_name(AstExpr *e) {
    switch (e->kind) {
    case EXPR_ATTRIBUTE: return "attribute";
    case EXPR_SUBSCRIPT: return "subscript";
    case EXPR_STARRED: return "starred";
    case EXPR_NAME: return "name";
    case EXPR_LIST: return "list";
    case EXPR_TUPLE: return "tuple";
    case EXPR_LAMBDA: return "lambda";
    case EXPR_CALL: return "function call";
    case EXPR_BOOLOP:
    case EXPR_BINOP:
    case EXPR_UNARYOP: return "expression";
    case EXPR_GENEXP: return "generator expression";
    case EXPR_YIELD:
    case EXPR_YIELDFROM: return "yield expression";
    case EXPR_AWAIT: return "await expression";
    case EXPR_LISTCOMP: return "list comprehension";
    case EXPR_SETCOMP: return "set comprehension";
    case EXPR_DICTCOMP: return "dict comprehension";
    case EXPR_DICT: return "dict literal";
    case EXPR_SET: return "set display";
    case EXPR_JOINEDSTR:
    case EXPR_FORMATTED: return "f-string expression";
    case EXPR_TEMPLATESTR:
    case EXPR_INTERPOLATION: return "t-string expression";
    case EXPR_CONSTANT:
        switch (e->u.constant.kind) {
        case CONST_NONE: return "None";
        case CONST_TRUE: return "True";
        case CONST_FALSE: return "False";
        case CONST_ELLIPSIS: return "ellipsis";
        default: return "literal";
        }
    case EXPR_COMPARE: return "comparison";
    case EXPR_IFEXP: return "conditional expression";
    case EXPR_NAMEDEXPR: return "named expression";
    case EXPR_SLICE: return "slice";
    }
    return "expression";
}

/* ---- targets ---- */

AstExpr *p_invalid_target(AstExpr *e, int type) {
    switch (e->kind) {
    case EXPR_LIST:
    case EXPR_TUPLE:
        for (int i = 0; i < e->u.seq.elts.len; i++) {
            AstExpr *c = p_invalid_target(e->u.seq.elts.items[i], type);
            if (c) return c;
        }
        return NULL;
    case EXPR_STARRED:
        if (type == TARGETS_DEL) return e;
        return p_invalid_target(e->u.starred.value, type);
    case EXPR_COMPARE:
        if (type == TARGETS_FOR) {
            if (e->u.compare.ops[0] == AST_IN) return p_invalid_target(e->u.compare.left, type);
            return NULL;
        }
        return e;
    case EXPR_NAME:
    case EXPR_SUBSCRIPT:
    case EXPR_ATTRIBUTE: return NULL;
    default: return e;
    }
}

void p_set_ctx(AstExpr *e, AstCtx ctx) {
    switch (e->kind) {
    case EXPR_NAME: e->u.name.ctx = ctx; break;
    case EXPR_ATTRIBUTE: e->u.attribute.ctx = ctx; break;
    case EXPR_SUBSCRIPT: e->u.subscript.ctx = ctx; break;
    case EXPR_STARRED:
        e->u.starred.ctx = ctx;
        p_set_ctx(e->u.starred.value, ctx);
        break;
    case EXPR_LIST:
    case EXPR_TUPLE:
        e->u.seq.ctx = ctx;
        for (int i = 0; i < e->u.seq.elts.len; i++)
            p_set_ctx(e->u.seq.elts.items[i], ctx);
        break;
    default: break;
    }
}

bool p_check_target(Parser *p, AstExpr *e, int type) {
    AstExpr *bad = p_invalid_target(e, type);
    if (!bad) return true;
    p_error_node(p, bad->pos, type == TARGETS_DEL ? "cannot delete %s" : "cannot assign to %s",
                 p_expr_name(bad));
    return false;
}

/* ---- entry points ---- */

static bool p_check_source(const char *src, size_t len, SyntaxErrorInfo *err) {
    const unsigned char *s = (const unsigned char *)src;
    int line = 1;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = s[i];
        if (c == '\n') line++;
        if (c == 0) {
            err->kind = "SyntaxError";
            snprintf(err->msg, sizeof err->msg, "source code cannot contain null bytes");
            err->line = line;
            err->col = 0;
            return false;
        }
        if (c < 0x80) continue;
        int n = c >= 0xC2 && c <= 0xDF   ? 1
                : c >= 0xE0 && c <= 0xEF ? 2
                : c >= 0xF0 && c <= 0xF4 ? 3
                                         : -1;
        const char *why = "invalid start byte";
        if (n > 0) {
            size_t j = 1;
            for (; j <= (size_t)n; j++) {
                if (i + j >= len || (s[i + j] & 0xC0) != 0x80) break;
                if (j == 1 && ((c == 0xE0 && s[i + 1] < 0xA0) || (c == 0xED && s[i + 1] > 0x9F) ||
                               (c == 0xF0 && s[i + 1] < 0x90) || (c == 0xF4 && s[i + 1] > 0x8F)))
                    break;
            }
            if (j > (size_t)n) {
                i += n;
                continue;
            }
            why = i + j >= len ? "unexpected end of data" : "invalid continuation byte";
        }
        (void)why;
        err->kind = "SyntaxError";
        snprintf(err->msg, sizeof err->msg,
                 "Non-UTF-8 code starting with '\\x%02x' in file %%s on line %d, but no encoding "
                 "declared; see https://peps.python.org/pep-0263/ for details",
                 c, line);
        err->msg_has_filename = true;
        err->line = 0;
        err->col = 0;
        return false;
    }
    return true;
}

static void p_fill_error_text(AstArena *arena, const char *src, size_t len, SyntaxErrorInfo *err) {
    if (!err->kind || err->line <= 0 || err->text) return;
    const char *p = src, *end = src + len;
    for (int l = 1; l < err->line && p < end; p++)
        if (*p == '\n') l++;
    const char *q = p;
    while (q < end && *q != '\n' && *q != '\r')
        q++;
    if (p > end) return;
    size_t n = (size_t)(q - p);
    char *t = ast_raw_alloc(arena, NULL, 0, n + 1);
    if (!t) return;
    memcpy(t, p, n);
    t[n] = 0;
    err->text = t;
}

static AstModule *parse_source_ex(AstArena *arena, const char *src, size_t len, int mode,
                                  SyntaxErrorInfo *err, bool *hit_eof);

AstModule *parse_source(AstArena *arena, const char *src, size_t len, int mode,
                        SyntaxErrorInfo *err) {
    bool hit_eof;
    return parse_source_ex(arena, src, len, mode, err, &hit_eof);
}

/* hit_eof: the parse failed after reading to the end of the source (the REPL's "needs more
 * input" signal, CPython's _is_end_of_source). */
static AstModule *parse_source_ex(AstArena *arena, const char *src, size_t len, int mode,
                                  SyntaxErrorInfo *err, bool *hit_eof) {
    *hit_eof = false;
    memset(err, 0, sizeof *err);
    if (!p_check_source(src, len, err)) return NULL;
    if (len >= 3 && memcmp(src, "\xEF\xBB\xBF", 3) == 0) {
        src += 3; /* a UTF-8 byte order mark is not part of the first line's columns */
        len -= 3;
    }
    if (memchr(src, '\r', len)) {
        /* CPython reads source with universal newlines: \r\n and \r become \n */
        char *copy = ast_alloc(arena, len + 1);
        if (!copy) {
            err->kind = "MemoryError";
            snprintf(err->msg, sizeof err->msg, "out of memory while parsing");
            return NULL;
        }
        size_t n = 0;
        for (size_t i = 0; i < len; i++) {
            if (src[i] == '\r') {
                copy[n++] = '\n';
                if (i + 1 < len && src[i + 1] == '\n') i++;
            } else {
                copy[n++] = src[i];
            }
        }
        copy[n] = 0;
        src = copy;
        len = n;
    }
    if (mode == PARSE_EVAL) {
        /* as the eval() builtin does: leading blanks are not an indentation */
        while (len && (*src == ' ' || *src == '\t')) {
            src++;
            len--;
        }
    }
    Parser p;
    p_init(&p, arena, src, len, err);
    p.mode = mode;
    AstModule *m = ast_alloc(arena, sizeof *m);
    if (!m) {
        p_nomem(&p);
        return NULL;
    }
    ExprVec body = {0};
    if (mode == PARSE_EVAL) {
        while (p_peek(&p)->type == TK_NEWLINE)
            p_next(&p);
        Token *start = p_peek(&p);
        AstExpr *e = p_star_expressions(&p);
        while (e && p_peek(&p)->type == TK_NEWLINE)
            p_next(&p);
        if (e && p_peek(&p)->type != TK_ENDMARKER) p_syntax_error(&p);
        if (e && !p.failed) {
            AstStmt *s = p_new_stmt(&p, STMT_EXPR, start);
            if (s) {
                s->u.value.value = e;
                s->pos = e->pos;
                p_vec_push(&p, &body, s);
            }
        }
    } else if (mode == PARSE_SINGLE) {
        p_single_input(&p, &body);
    } else {
        p_statements_until(&p, &body, TK_ENDMARKER);
    }
    if (arena->failed || p.nomem) {
        /* out of memory wins over any error, even one found while backtracking */
        p.failed = true;
        err->kind = "MemoryError";
        snprintf(err->msg, sizeof err->msg, "out of memory while parsing");
        err->line = err->col = 0;
    }
    if (p.failed && !p.nomem) {
        *hit_eof = p.lx.done || p.lx.eof_seen;
        p_check_rest_of_source(&p);
    }
    p_release(&p);
    if (p.failed || err->kind) {
        if (err->kind && strcmp(err->kind, "MemoryError") != 0)
            p_fill_error_text(arena, src, len, err);
        return NULL;
    }
    m->body.items = (AstStmt **)body.items;
    m->body.len = body.len;
    return m;
}

/* The REPL's question, answered as CPython's codeop does: more lines are needed when the
 * source ends inside brackets or a triple-quoted string, after a backslash, where an
 * indented block must follow, or when it holds a compound statement that has not been
 * closed by an empty line. A real error is "complete": compiling reports it. */
int parse_is_incomplete(const char *src, size_t len) {
    const char *last_line = src;
    bool only_blank = true;
    for (size_t i = 0; i < len; i++) {
        if (src[i] == '\n' && i + 1 < len) last_line = src + i + 1;
    }
    {
        const char *p = src, *end = src + len;
        while (p < end) {
            while (p < end && (*p == ' ' || *p == '\t' || *p == '\f' || *p == '\r'))
                p++;
            if (p < end && *p != '\n' && *p != '#') {
                only_blank = false;
                break;
            }
            while (p < end && *p != '\n')
                p++;
            p++;
        }
    }
    if (only_blank) return 0;
    AstArena arena = {0};
    SyntaxErrorInfo err;
    bool hit_eof;
    AstModule *m = parse_source_ex(&arena, src, len, PARSE_FILE, &err, &hit_eof);
    int result = 0;
    if (!m && hit_eof && err.kind && strcmp(err.kind, "MemoryError") != 0 &&
        strcmp(err.kind, "RecursionError") != 0) {
        result = 1;
        if (err.text) ast_raw_alloc(&arena, err.text, strlen(err.text) + 1, 0);
    } else if (!m) {
        if (err.kind &&
            (strstr(err.msg, "was never closed") || strstr(err.msg, "unterminated triple-quoted") ||
             strstr(err.msg, "unexpected EOF") || strstr(err.msg, "expected an indented block")))
            result = 1;
        else if (err.kind && strcmp(err.msg, "expected 'except' or 'finally' block") == 0) {
            /* a try body that reached the end of the text (the error sits past its last
             * character): its handler comes next; an error at a line that was typed is an
             * error now, as in CPython */
            int nlines = 1;
            for (size_t i = 0; i < len; i++)
                nlines += src[i] == '\n' && i + 1 < len;
            size_t lastlen = (size_t)(src + len - last_line);
            if (lastlen && last_line[lastlen - 1] == '\n') lastlen--;
            if (err.line > nlines || (err.line == nlines && err.col > (int)lastlen)) result = 1;
        } else if (err.kind && strcmp(err.msg, "invalid syntax") == 0) {
            const char *q = last_line;
            while (*q == ' ' || *q == '\t')
                q++;
            if (*q == '@') result = 1;
        }
        if (err.text) ast_raw_alloc(&arena, err.text, strlen(err.text) + 1, 0);
    } else if (m->body.len > 0) {
        AstStmt *s = m->body.items[m->body.len - 1];
        bool compound = s->kind == STMT_FUNCTIONDEF || s->kind == STMT_CLASSDEF ||
                        s->kind == STMT_FOR || s->kind == STMT_WHILE || s->kind == STMT_IF ||
                        s->kind == STMT_WITH || s->kind == STMT_TRY || s->kind == STMT_MATCH;
        /* the REPL joins the lines it has read with '\n': an empty line entered last
         * leaves a final '\n', which closes the block (as code.InteractiveConsole) */
        bool closed = len > 0 && src[len - 1] == '\n';
        if (compound && !closed) result = 1;
    }
    ast_arena_free(&arena);
    return result;
}
