/* parser_string.c: string and bytes literals, their implicit concatenation, f-strings and
 * t-strings.
 *
 * The lexer hands over each literal undecoded. Here escapes are decoded (UTF-8 out), and
 * f-strings are split the way CPython 3.11 does it (Python/ast.c's fstring_find_literal and
 * fstring_find_expr): literal chunks, and replacement fields whose expression text is
 * parsed by a sub-parser over "(" + text + ")", so error positions inside an f-string
 * expression are relative to that text, as CPython reports them.
 *
 * t-strings (Python 3.14, PEP 750; an extension beyond 3.11) share the splitting with PEP
 * 701's rules for the expression (any string literal inside it, backslashes inside those,
 * whitespace after a conversion) and CPython 3.14's "t-string: ..." messages; each field
 * becomes an EXPR_INTERPOLATION that keeps its expression's text, the whole an
 * EXPR_TEMPLATESTR. */
#include "../vm/str.h" /* hex_digit_value */
#include "parser.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

typedef struct StrParts {
    ExprVec parts; /* EXPR_CONSTANT and EXPR_FORMATTED */
    char *lit;     /* pending literal text */
    size_t lit_len, lit_cap;
    bool fstring;
    bool tmode; /* a t-string: PEP 701's rules, "t-string: ..." messages */
    Token *tok;
} StrParts;

static bool sp_append(Parser *p, StrParts *sp, const char *s, size_t n) {
    if (sp->lit_len + n + 1 > sp->lit_cap) {
        size_t ncap = (sp->lit_len + n + 1) * 2;
        char *nb = ast_alloc(p->arena, ncap);
        if (!nb) return p_nomem(p), false;
        if (sp->lit_len) memcpy(nb, sp->lit, sp->lit_len);
        sp->lit = nb;
        sp->lit_cap = ncap;
    }
    memcpy(sp->lit + sp->lit_len, s, n);
    sp->lit_len += n;
    sp->lit[sp->lit_len] = 0;
    return true;
}

static bool sp_flush(Parser *p, StrParts *sp, ExprVec *into) {
    if (sp->lit_len == 0) return true;
    AstExpr *c = p_new_expr(p, EXPR_CONSTANT, sp->tok);
    if (!c) return false;
    c->u.constant.kind = CONST_STR;
    c->u.constant.str = ast_strdup(p->arena, sp->lit, sp->lit_len);
    c->u.constant.len = sp->lit_len;
    sp->lit_len = 0;
    sp->lit = NULL;
    sp->lit_cap = 0;
    return c->u.constant.str && p_vec_push(p, into, c);
}

static void put_utf8(char *out, size_t *n, unsigned cp) {
    if (cp < 0x80) {
        out[(*n)++] = (char)cp;
    } else if (cp < 0x800) {
        out[(*n)++] = (char)(0xC0 | (cp >> 6));
        out[(*n)++] = (char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out[(*n)++] = (char)(0xE0 | (cp >> 12));
        out[(*n)++] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[(*n)++] = (char)(0x80 | (cp & 0x3F));
    } else {
        out[(*n)++] = (char)(0xF0 | (cp >> 18));
        out[(*n)++] = (char)(0x80 | ((cp >> 12) & 0x3F));
        out[(*n)++] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[(*n)++] = (char)(0x80 | (cp & 0x3F));
    }
}

/* Decode the escapes of s[0..n) into out (which has room for n bytes). Returns the decoded
 * length, or -1 after raising. The error is placed at the end of the literal's token, as
 * CPython places it. */
static long decode_escapes(Parser *p, Token *t, const char *s, size_t n, bool bytes, char *out) {
    size_t o = 0;
    /* CPython counts positions in the text after \-newline and raw parts; close enough */
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        if (c != '\\') {
            if (bytes && c >= 0x80) {
                p_error_at(p, "SyntaxError", t->line, t->col, t->end_line, t->end_col,
                           "bytes can only contain ASCII literal characters");
                return -1;
            }
            out[o++] = (char)c;
            i++;
            continue;
        }
        size_t start = i;
        i++;
        if (i >= n) {
            out[o++] = '\\';
            break;
        }
        c = (unsigned char)s[i++];
        switch (c) {
        case '\n': break;
        case '\r':
            if (i < n && s[i] == '\n') i++;
            break;
        case '\\': out[o++] = '\\'; break;
        case '\'': out[o++] = '\''; break;
        case '"': out[o++] = '"'; break;
        case 'a': out[o++] = '\a'; break;
        case 'b': out[o++] = '\b'; break;
        case 'f': out[o++] = '\f'; break;
        case 'n': out[o++] = '\n'; break;
        case 'r': out[o++] = '\r'; break;
        case 't': out[o++] = '\t'; break;
        case 'v': out[o++] = '\v'; break;
        case '0':
        case '1':
        case '2':
        case '3':
        case '4':
        case '5':
        case '6':
        case '7': {
            unsigned v = c - '0';
            for (int k = 0; k < 2 && i < n && s[i] >= '0' && s[i] <= '7'; k++)
                v = v * 8 + (unsigned)(s[i++] - '0');
            if (bytes)
                out[o++] = (char)(v & 0xFF);
            else
                put_utf8(out, &o, v);
            break;
        }
        case 'x':
        case 'u':
        case 'U':
            if (c == 'x' || !bytes) {
                int digits = c == 'x' ? 2 : c == 'u' ? 4 : 8;
                unsigned long v = 0;
                int k = 0;
                for (; k < digits && i < n && hex_digit_value(s[i]) >= 0; k++)
                    v = v * 16 + (unsigned)hex_digit_value(s[i++]);
                if (k < digits) {
                    if (bytes)
                        p_error_at(p, "SyntaxError", t->end_line, t->end_col, t->end_line,
                                   t->end_col, "(value error) invalid \\x escape at position %zu",
                                   start);
                    else
                        p_error_at(p, "SyntaxError", t->end_line, t->end_col, t->end_line,
                                   t->end_col,
                                   "(unicode error) 'unicodeescape' codec can't decode bytes in "
                                   "position %zu-%zu: truncated \\%s escape",
                                   start, i - 1,
                                   c == 'x'   ? "xXX"
                                   : c == 'u' ? "uXXXX"
                                              : "UXXXXXXXX");
                    return -1;
                }
                if (v > 0x10FFFF) {
                    p_error_at(p, "SyntaxError", t->end_line, t->end_col, t->end_line, t->end_col,
                               "(unicode error) 'unicodeescape' codec can't decode bytes in "
                               "position %zu-%zu: illegal Unicode character",
                               start, i - 1);
                    return -1;
                }
                if (bytes)
                    out[o++] = (char)v;
                else
                    put_utf8(out, &o, (unsigned)v);
                break;
            }
            out[o++] = '\\';
            out[o++] = (char)c;
            break;
        case 'N':
            if (!bytes) {
                const char *close = i < n && s[i] == '{' ? memchr(s + i, '}', n - i) : NULL;
                long cp = close ? unicode_lookup_name(s + i + 1, (size_t)(close - s - i - 1)) : -1;
                if (cp < 0) {
                    p_error_at(p, "SyntaxError", t->end_line, t->end_col, t->end_line, t->end_col,
                               "(unicode error) 'unicodeescape' codec can't decode bytes in "
                               "position %zu-%zu: %s",
                               start, close ? (size_t)(close - s) : i - 1,
                               close ? "unknown Unicode character name"
                                     : "malformed \\N character escape");
                    return -1;
                }
                put_utf8(out, &o, (unsigned)cp);
                i = (size_t)(close - s) + 1;
                break;
            }
            /* fall through */
        default:
            out[o++] = '\\';
            if (bytes && c >= 0x80) {
                p_error_at(p, "SyntaxError", t->line, t->col, t->end_line, t->end_col,
                           "bytes can only contain ASCII literal characters");
                return -1;
            }
            out[o++] = (char)c;
            break;
        }
    }
    return (long)o;
}

/* Append literal text (escapes decoded unless raw) to the pending literal. */
static bool sp_literal(Parser *p, StrParts *sp, Token *t, const char *s, size_t n, bool raw) {
    if (n == 0) return true;
    if (raw) return sp_append(p, sp, s, n);
    char stackbuf[256];
    char *buf = n <= sizeof stackbuf ? stackbuf : ast_alloc(p->arena, n);
    if (!buf) return p_nomem(p), false;
    long m = decode_escapes(p, t, s, n, false, buf);
    return m >= 0 && sp_append(p, sp, buf, (size_t)m);
}

/* msg is worded for an f-string; a t-string's says "t-string". */
static void *fs_error(Parser *p, Token *t, bool tm, const char *msg) {
    return p_error_at(p, "SyntaxError", t->end_line, t->end_col, t->end_line, t->end_col, "%s%s",
                      tm && msg[0] == 'f' ? "t" : "", tm && msg[0] == 'f' ? msg + 1 : msg);
}

static bool fs_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

/* Parse the expression text [s, e) of a replacement field with a sub-parser. */
static AstExpr *fs_compile_expr(Parser *p, Token *t, bool tm, const char *s, const char *e) {
    const char *q = s;
    while (q < e && fs_space(*q))
        q++;
    if (q == e && tm) {
        char msg[64];
        snprintf(msg, sizeof msg, "t-string: valid expression required before '%c'", *e);
        return fs_error(p, t, tm, msg);
    }
    if (q == e) return fs_error(p, t, tm, "f-string: empty expression not allowed");
    size_t n = (size_t)(e - s);
    char *copy = ast_alloc(p->arena, n + 3);
    if (!copy) return p_nomem(p);
    copy[0] = '(';
    memcpy(copy + 1, s, n);
    copy[n + 1] = ')';
    copy[n + 2] = 0;
    /* the real position of s */
    int line = t->line, col = t->col;
    for (const char *c = t->start; c < s; c++) {
        if (*c == '\n') {
            line++;
            col = 0;
        } else {
            col++;
        }
    }
    Parser sub;
    p_init(&sub, p->arena, copy, n + 2, p->err);
    sub.mode = PARSE_EVAL;
    sub.depth = p->depth;
    sub.in_fstring_expr = true;
    sub.pep701_expr = tm;
    sub.lx.cur = copy + 1;
    sub.lx.end = copy + n + 1;
    sub.lx.line = line;
    sub.lx.first_line = line;
    sub.lx.base_col = col - 1;
    sub.lx.at_bol = false;
    sub.lx.no_newlines = true;
    AstExpr *r = NULL;
    if (p_is_kw(&sub, KW_YIELD))
        r = p_yield_expr(&sub);
    else
        r = p_star_expressions(&sub);
    if (r && p_peek(&sub)->type != TK_ENDMARKER) r = p_comma_error(&sub, r, P_TOK(&sub, 0));
    if (sub.nomem || (sub.failed && !sub.err->kind)) p_nomem(p);
    if (sub.failed) p->failed = true;
    p_release(&sub);
    return p->failed ? NULL : r;
}

static bool fs_parse(Parser *p, StrParts *sp, ExprVec *into, Token *t, const char **sp_pos,
                     const char *end, bool raw, int recurse);

/* One replacement field; *pos is just after '{'. */
static AstExpr *fs_field(Parser *p, Token *t, const char **pos, const char *end, bool raw,
                         int recurse, StrParts *outer, ExprVec *into) {
    const char *s = *pos, *expr_start = s;
    bool tm = outer->tmode;
    if (recurse >= 2) return fs_error(p, t, tm, "f-string: expressions nested too deeply");
    char stack[LEX_MAX_LEVEL];
    int depth = 0;
    char quote = 0;
    int qlen = 0;
    for (; s < end; s++) {
        char c = *s;
        if (tm && (c == '\'' || c == '"')) {
            /* PEP 701: any literal, the enclosing quote and backslashes included */
            int why = 0;
            const char *e = lex_scan_literal(lex_literal_prefix_start(expr_start, s), end, 1, &why);
            if (!e) return fs_error(p, t, tm, "f-string: expecting '}'");
            s = e - 1;
            continue;
        }
        if (tm && c == '\\') continue; /* the sub-parser reports it */
        if (c == '\\')
            return fs_error(p, t, tm, "f-string expression part cannot include a backslash");
        if (quote) {
            if (c == quote) {
                if (qlen == 3) {
                    if (s + 2 < end && s[1] == c && s[2] == c) {
                        s += 2;
                        quote = 0;
                    }
                } else {
                    quote = 0;
                }
            }
            continue;
        }
        if (c == '\'' || c == '"') {
            if (s + 2 < end && s[1] == c && s[2] == c) {
                qlen = 3;
                s += 2;
            } else {
                qlen = 1;
            }
            quote = c;
            continue;
        }
        if (c == '[' || c == '(' || c == '{') {
            if (depth >= LEX_MAX_LEVEL)
                return fs_error(p, t, tm, "f-string: too many nested parenthesis");
            stack[depth++] = c;
            continue;
        }
        if (c == '#')
            return fs_error(p, t, tm,
                            tm ? "f-string: expecting '}'"
                               : "f-string expression part cannot include '#'");
        if (depth == 0 && (c == '!' || c == ':' || c == '}' || c == '=' || c == '>' || c == '<')) {
            if (s + 1 < end && s[1] == '=' && c != ':' && c != '}') {
                s++; /* ==, !=, <=, >= */
                continue;
            }
            if (c == '>' || c == '<') continue;
            if (c == '=' || c == '!' || c == ':' || c == '}') break;
        }
        if (c == ']' || c == ')' || c == '}') {
            if (depth == 0) {
                char msg[64];
                snprintf(msg, sizeof msg, "f-string: unmatched '%c'", c);
                return fs_error(p, t, tm, msg);
            }
            char open = stack[--depth];
            if (!((open == '(' && c == ')') || (open == '[' && c == ']') ||
                  (open == '{' && c == '}'))) {
                char msg[100];
                snprintf(msg, sizeof msg,
                         "f-string: closing parenthesis '%c' does not match opening "
                         "parenthesis '%c'",
                         c, open);
                return fs_error(p, t, tm, msg);
            }
        }
    }
    if (quote) return fs_error(p, t, tm, "f-string: unterminated string");
    if (depth) return fs_error(p, t, tm, "f-string: expecting '}'");
    if (s >= end) return fs_error(p, t, tm, "f-string: expecting '}'");
    const char *expr_end = s;
    AstExpr *value = fs_compile_expr(p, t, tm, expr_start, expr_end);
    if (!value) return NULL;
    int conversion = -1;
    AstExpr *spec = NULL;
    bool equal = false;
    if (*s == '=') {
        s++;
        while (s < end && fs_space(*s))
            s++;
        if (s >= end) return fs_error(p, t, tm, "f-string: expecting '}'");
        equal = true;
        if (!sp_append(p, outer, expr_start, (size_t)(s - expr_start))) return NULL;
    }
    if (*s == '!' && tm) {
        /* 3.12+: the conversion is a name, whitespace may follow it */
        const char *name = ++s;
        while (s < end && (isalnum((unsigned char)*s) || *s == '_' || (unsigned char)*s >= 0x80))
            s++;
        if (s == name)
            return fs_error(p, t, tm,
                            s < end && fs_space(*s)
                                ? "t-string: conversion type must come right after the "
                                  "exclamanation mark"
                                : "t-string: missing conversion character");
        if (s - name != 1 || (*name != 's' && *name != 'r' && *name != 'a')) {
            char msg[160];
            snprintf(msg, sizeof msg,
                     "t-string: invalid conversion character '%.*s': expected 's', 'r', or 'a'",
                     (int)(s - name > 40 ? 40 : s - name), name);
            return fs_error(p, t, tm, msg);
        }
        conversion = (unsigned char)*name;
        while (s < end && fs_space(*s))
            s++;
    } else if (*s == '!') {
        s++;
        if (s >= end) return fs_error(p, t, tm, "f-string: expecting '}'");
        conversion = (unsigned char)*s++;
        if (conversion != 's' && conversion != 'r' && conversion != 'a')
            return fs_error(p, t, tm,
                            "f-string: invalid conversion character: expected 's', "
                            "'r', or 'a'");
    }
    if (s >= end) return fs_error(p, t, tm, "f-string: expecting '}'");
    if (*s == ':') {
        s++;
        StrParts inner = {0};
        inner.tok = t;
        inner.tmode = tm;
        ExprVec parts = {0};
        if (!fs_parse(p, &inner, &parts, t, &s, end, raw, recurse + 1)) return NULL;
        if (!sp_flush(p, &inner, &parts)) return NULL;
        spec = p_new_expr(p, EXPR_JOINEDSTR, t);
        if (!spec) return NULL;
        spec->u.seq.elts = p_vec_list(&parts);
    }
    if (s >= end || *s != '}') return fs_error(p, t, tm, "f-string: expecting '}'");
    s++;
    if (equal && conversion < 0 && !spec) conversion = 'r';
    *pos = s;
    if (!sp_flush(p, outer, into)) return NULL;
    /* a nested field of a t-string's format spec is formatted as an f-string's is */
    bool interp = tm && recurse == 0;
    AstExpr *f = p_new_expr(p, interp ? EXPR_INTERPOLATION : EXPR_FORMATTED, t);
    if (!f) return NULL;
    f->u.formatted.value = value;
    f->u.formatted.conversion = conversion < 0 ? 0 : conversion;
    f->u.formatted.format_spec = spec;
    if (interp) {
        while (expr_end > expr_start && fs_space(expr_end[-1]))
            expr_end--;
        f->u.formatted.text_len = (size_t)(expr_end - expr_start);
        f->u.formatted.text = ast_strdup(p->arena, expr_start, f->u.formatted.text_len);
        if (!f->u.formatted.text) return p_nomem(p);
    }
    return f;
}

/* Literal text and fields up to end, or (in a format spec, recurse > 0) up to the '}'
 * that closes the field, which is left for the caller. */
static bool fs_parse(Parser *p, StrParts *sp, ExprVec *into, Token *t, const char **pos,
                     const char *end, bool raw, int recurse) {
    const char *s = *pos;
    bool tm = sp->tmode;
    while (s < end) {
        const char *lit = s;
        while (s < end && *s != '{' && *s != '}') {
            if (!raw && *s == '\\' && s + 2 < end && s[1] == 'N' && s[2] == '{') {
                const char *close = memchr(s, '}', (size_t)(end - s));
                if (close) {
                    s = close + 1; /* \N{NAME} is literal text, braces included */
                    continue;
                }
            }
            if (!raw && *s == '\\' && s + 1 < end && s[1] != '{' && s[1] != '}') {
                s += 2; /* keep an escaped character with its backslash */
                continue;
            }
            s++;
        }
        if (!sp_literal(p, sp, t, lit, (size_t)(s - lit), raw)) return false;
        if (s >= end) break;
        if (*s == '{' && recurse == 0 && s + 1 < end && s[1] == '{') {
            if (!sp_append(p, sp, "{", 1)) return false;
            s += 2;
            continue;
        }
        if (*s == '}') {
            if (recurse > 0) break;
            if (s + 1 < end && s[1] == '}') {
                if (!sp_append(p, sp, "}", 1)) return false;
                s += 2;
                continue;
            }
            fs_error(p, t, tm, "f-string: single '}' is not allowed");
            return false;
        }
        s++; /* { */
        AstExpr *f = fs_field(p, t, &s, end, raw, recurse, sp, into);
        if (!f || !p_vec_push(p, into, f)) return false;
    }
    *pos = s;
    return true;
}

AstExpr *p_strings(Parser *p) {
    Token *first = p_peek(p);
    size_t total = 0;
    int ntok = 0;
    bool any_bytes = false, any_str = false, any_f = false, any_t = false, any_not_t = false;
    while (p_peek_at(p, ntok)->type == TK_STRING) {
        Token *t = p_peek_at(p, ntok);
        total += (size_t)t->len;
        bool b = false, tt = false;
        for (int i = 0; i < t->len && t->start[i] != '\'' && t->start[i] != '"'; i++) {
            int c = t->start[i] | 0x20;
            if (c == 'b') b = true;
            if (c == 'f') any_f = true;
            if (c == 't') tt = true;
        }
        if (b)
            any_bytes = true;
        else
            any_str = true;
        any_t |= tt;
        any_not_t |= !tt;
        ntok++;
        if (any_t && any_not_t) {
            Token *at = p_peek(p);
            for (int i = 0; i < ntok; i++)
                p_next(p);
            return p_error_at(p, "SyntaxError", at->line, at->col, t->end_line, t->end_col,
                              "cannot mix t-string literals with string or bytes literals");
        }
        if (any_bytes && any_str) {
            for (int i = 0; i < ntok; i++)
                p_next(p);
            return p_error_tok(p, p_peek(p), "cannot mix bytes and nonbytes literals");
        }
    }
    StrParts sp = {0};
    sp.tok = first;
    sp.fstring = any_f;
    ExprVec parts = {0};
    char *bytes_buf = NULL;
    size_t bytes_len = 0;
    if (any_bytes) {
        bytes_buf = ast_alloc(p->arena, total + 1);
        if (!bytes_buf) return p_nomem(p);
    }
    for (int k = 0; k < ntok; k++) {
        Token *t = p_next(p);
        bool raw = false, f = false;
        int i = 0;
        for (; t->start[i] != '\'' && t->start[i] != '"'; i++) {
            int c = t->start[i] | 0x20;
            raw |= c == 'r';
            f |= c == 'f' || c == 't';
        }
        char q = t->start[i];
        int qlen = t->len - i >= 6 && t->start[i + 1] == q && t->start[i + 2] == q ? 3 : 1;
        const char *body = t->start + i + qlen;
        const char *end = t->start + t->len - qlen;
        if (any_bytes) {
            if (raw) {
                for (const char *c = body; c < end; c++)
                    if ((unsigned char)*c >= 0x80)
                        return p_error_at(p, "SyntaxError", t->line, t->col, t->end_line,
                                          t->end_col,
                                          "bytes can only contain ASCII literal characters");
                memcpy(bytes_buf + bytes_len, body, (size_t)(end - body));
                bytes_len += (size_t)(end - body);
            } else {
                long m =
                    decode_escapes(p, t, body, (size_t)(end - body), true, bytes_buf + bytes_len);
                if (m < 0) return NULL;
                bytes_len += (size_t)m;
            }
        } else if (f) {
            sp.tok = t;
            sp.tmode = any_t;
            const char *pos = body;
            if (!fs_parse(p, &sp, &parts, t, &pos, end, raw, 0)) return NULL;
        } else {
            if (!sp_literal(p, &sp, t, body, (size_t)(end - body), raw)) return NULL;
        }
    }
    Token *last = p_prev(p);
    AstExpr *e;
    if (any_bytes) {
        e = p_new_expr(p, EXPR_CONSTANT, first);
        if (!e) return NULL;
        e->u.constant.kind = CONST_BYTES;
        e->u.constant.str = bytes_buf;
        e->u.constant.len = bytes_len;
    } else if (!any_f && !any_t) {
        e = p_new_expr(p, EXPR_CONSTANT, first);
        if (!e) return NULL;
        e->u.constant.kind = CONST_STR;
        e->u.constant.str = sp.lit ? sp.lit : "";
        e->u.constant.len = sp.lit_len;
    } else {
        sp.tok = first;
        if (!sp_flush(p, &sp, &parts)) return NULL;
        e = p_new_expr(p, any_t ? EXPR_TEMPLATESTR : EXPR_JOINEDSTR, first);
        if (!e) return NULL;
        e->u.seq.elts = p_vec_list(&parts);
    }
    e->pos.end_line = last->end_line;
    e->pos.end_col = last->end_col;
    if (e->kind == EXPR_JOINEDSTR || e->kind == EXPR_TEMPLATESTR) {
        /* CPython 3.11 gives every part the position of the whole literal */
        for (int i = 0; i < parts.len; i++) {
            AstExpr *part = parts.items[i];
            part->pos = e->pos;
            AstExpr *spec = part->kind != EXPR_CONSTANT ? part->u.formatted.format_spec : NULL;
            while (spec) {
                AstExpr *inner = NULL;
                for (int k = 0; k < spec->u.seq.elts.len; k++) {
                    AstExpr *sp = spec->u.seq.elts.items[k];
                    sp->pos = e->pos;
                    if (sp->kind == EXPR_FORMATTED && sp->u.formatted.format_spec)
                        inner = sp->u.formatted.format_spec;
                }
                spec = inner;
            }
        }
    }
    return e;
}
