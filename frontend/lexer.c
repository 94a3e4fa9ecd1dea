/* lexer.c: Python 3.11's tokenizer, rewritten after CPython's Parser/tokenizer.c.
 *
 * It yields one token per call: INDENT/DEDENT from a stack of indentation columns (tabs to
 * multiples of 8, and a second stack with tabs as 1 column to detect inconsistent mixing,
 * as CPython does), NEWLINE only at the end of logical lines (none inside brackets or on
 * blank and comment-only lines), and the literal tokens undecoded. Error messages and
 * their offsets follow CPython's tokenizer, because users see them. */
#include "lexer.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define LEX_TEXT(name, text) text,
const char *const lex_op_text[OP__COUNT] = {"", LEX_OPERATORS(LEX_TEXT)};
static const char *const lex_kw_text[KW__COUNT] = {"", LEX_KEYWORDS(LEX_TEXT)};
#undef LEX_TEXT

int lex_keyword(const char *s, int len) {
    if (len < 2 || len > 8) return 0;
    for (int i = 1; i < KW__COUNT; i++)
        if ((int)strlen(lex_kw_text[i]) == len && memcmp(lex_kw_text[i], s, len) == 0) return i;
    return 0;
}

void lex_init(Lexer *lx, const char *src, size_t len, SyntaxErrorInfo *err) {
    memset(lx, 0, sizeof *lx);
    lx->src = src;
    lx->end = src + len;
    lx->cur = src;
    if (len >= 3 && memcmp(src, "\xEF\xBB\xBF", 3) == 0) lx->cur += 3;
    lx->line_start = src;
    lx->line = 1;
    lx->first_line = 1;
    lx->at_bol = true;
    lx->last_was_newline = true;
    lx->err = err;
}

static const char *lex_line_ptr(const char *src, const char *end, int line) {
    const char *p = src;
    for (int l = 1; l < line && p < end; p++)
        if (*p == '\n') l++;
    return p;
}

const char *lex_line_ptr_public(Lexer *lx, int line) {
    return lex_line_ptr(lx->src, lx->text_end ? lx->text_end : lx->end, line);
}

int lex_char_offset(const char *src, const char *end, int line, int bytecol) {
    const char *p = lex_line_ptr(src, end, line);
    int n = 0;
    for (int i = 0; i < bytecol && p + i < end; i++)
        if (((unsigned char)p[i] & 0xC0) != 0x80) n++;
    return n + 1;
}

void lex_error_at(Lexer *lx, const char *kind, int line, int bytecol, int end_line, int end_bytecol,
                  const char *fmt, ...) {
    SyntaxErrorInfo *e = lx->err;
    if (!e || e->kind) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
    e->kind = kind;
    e->line = line;
    e->col = lex_offset(lx, line, bytecol);
    e->end_line = end_line;
    e->end_col = lex_offset(lx, end_line, end_bytecol);
}

static int lex_col(Lexer *lx, const char *p) {
    return (int)(p - lx->line_start) + (lx->line == lx->first_line ? lx->base_col : 0);
}

int lex_offset(Lexer *lx, int line, int bytecol) {
    if (bytecol < 0) return 0;
    /* CPython reports an f-string expression's errors at the real line but at columns
     * relative to the expression's text (lx->src is that text for a sub-lexer) */
    if (line == lx->first_line) bytecol -= lx->base_col;
    int text_line = line - lx->first_line + 1;
    if (text_line < 1) text_line = 1;
    return lex_char_offset(lx->src, lx->text_end ? lx->text_end : lx->end, text_line,
                           bytecol < 0 ? 0 : bytecol);
}

/* An error at the lexer's current position, CPython's `syntaxerror(tok, ...)`: the offset
 * is the number of characters before the cursor. */
static Token lex_fail(Lexer *lx, const char *p, const char *msg) {
    int c = lex_col(lx, p) - 1;
    lex_error_at(lx, "SyntaxError", lx->line, c, lx->line, c, "%s", msg);
    Token t = {.type = TK_ERROR, .line = lx->line};
    return t;
}

static bool lex_isdigit(int c) {
    return c >= '0' && c <= '9';
}
static bool lex_isxdigit(int c) {
    return lex_isdigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
static bool lex_is_id_start(int c) {
    return c >= 128 || c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
static bool lex_is_id_char(int c) {
    return lex_is_id_start(c) || lex_isdigit(c);
}

/* The byte at p, or 0 at the end (the source may be a slice without a NUL). */
static int lex_at(Lexer *lx, const char *p) {
    return p < lx->end ? (unsigned char)*p : 0;
}

static int lex_decode_utf8(const char *p, const char *end, int *nbytes) {
    unsigned char c = (unsigned char)*p;
    int n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    if (p + n > end) n = (int)(end - p);
    int cp = n == 1 ? c : n == 2 ? c & 0x1F : n == 3 ? c & 0x0F : c & 0x07;
    for (int i = 1; i < n; i++)
        cp = (cp << 6) | ((unsigned char)p[i] & 0x3F);
    *nbytes = n;
    return cp;
}

/* Non-ASCII code points that cannot be part of an identifier. CPython consults the Unicode
 * XID tables; this covers the punctuation and symbol blocks people actually type. */
static bool lex_is_bad_id_codepoint(int cp) {
    if (cp < 0xA0) return true; /* C1 controls */
    if (cp <= 0xBF) return !(cp == 0xAA || cp == 0xB5 || cp == 0xBA);
    if (cp == 0xD7 || cp == 0xF7) return true;
    if ((cp >= 0x2000 && cp <= 0x206F) || (cp >= 0x20A0 && cp <= 0x20CF) ||
        (cp >= 0x2190 && cp <= 0x23FF) || (cp >= 0x2500 && cp <= 0x2BFF) ||
        (cp >= 0x3000 && cp <= 0x3003) || (cp >= 0x3008 && cp <= 0x3020) ||
        (cp >= 0xFF01 && cp <= 0xFF0F) || (cp >= 0x1F000 && cp <= 0x1FAFF) || cp == 0xFEFF ||
        (cp >= 0x2200 && cp <= 0x22FF) || (cp >= 0xE000 && cp <= 0xF8FF))
        return true;
    return false;
}

static bool lex_is_printable(int cp) {
    return !(cp < 0x20 || (cp >= 0x7F && cp <= 0xA0) || cp == 0x1680 ||
             (cp >= 0x2000 && cp <= 0x200F) || cp == 0x205F || cp == 0x3000 ||
             (cp >= 0x2028 && cp <= 0x202E) || (cp >= 0x2060 && cp <= 0x206F) || cp == 0xFEFF ||
             cp == 0xAD);
}

/* A character no token can start with, at p; a printable ASCII one is plain "invalid
 * syntax" when ascii_is_syntax, as CPython says for stray punctuation such as '$'. */
static Token lex_bad_char(Lexer *lx, const char *p, bool ascii_is_syntax) {
    int n;
    int cp = lex_decode_utf8(p, lx->end, &n);
    char msg[80];
    if (!lex_is_printable(cp))
        snprintf(msg, sizeof msg, "invalid non-printable character U+%04X", cp);
    else if (ascii_is_syntax)
        snprintf(msg, sizeof msg, "invalid syntax");
    else
        snprintf(msg, sizeof msg, "invalid character '%.*s' (U+%04X)", n, p, cp);
    return lex_fail(lx, p + 1, msg);
}

static Token lex_make(Lexer *lx, TokType type, int op, const char *start, const char *end,
                      int start_line, const char *start_line_ptr) {
    Token t;
    t.type = type;
    t.op = op;
    t.level = lx->level;
    t.start = start;
    t.len = (int)(end - start);
    t.line = start_line;
    /* tokens that span lines (strings) fix their start column themselves */
    t.col = start_line == lx->line ? lex_col(lx, start) : (int)(start - start_line_ptr);
    t.end_line = lx->line;
    t.end_col = lex_col(lx, end);
    if (type != TK_DEDENT && type != TK_INDENT) lx->last_was_newline = type == TK_NEWLINE;
    return t;
}

/* The keywords a number may be directly followed by in valid code ("1if x else y"). */
static bool lex_number_end_ok(Lexer *lx, const char *p) {
    static const char *const kws[] = {"and", "else", "for", "if", "in", "is", "or", "not"};
    for (size_t i = 0; i < sizeof kws / sizeof *kws; i++) {
        size_t n = strlen(kws[i]);
        if ((size_t)(lx->end - p) >= n && memcmp(p, kws[i], n) == 0 &&
            !lex_is_id_char(lex_at(lx, p + n)))
            return true;
    }
    return !lex_is_id_char(lex_at(lx, p));
}

/* CPython's verify_end_of_number: a letter glued to a number is an error at that letter. */
static bool lex_verify_end(Lexer *lx, const char *p, const char *kind, Token *out) {
    if (lex_number_end_ok(lx, p)) return true;
    char msg[64];
    snprintf(msg, sizeof msg, "invalid %s literal", kind);
    *out = lex_fail(lx, p, msg);
    return false;
}

/* Digits with single underscores between them; p is just past the first digit. Returns the
 * position after the run, or NULL after an error. */
static const char *lex_decimal_tail(Lexer *lx, const char *p, Token *out) {
    for (;;) {
        while (lex_isdigit(lex_at(lx, p)))
            p++;
        if (lex_at(lx, p) != '_') return p;
        p++;
        if (!lex_isdigit(lex_at(lx, p))) {
            *out = lex_fail(lx, p, "invalid decimal literal");
            return NULL;
        }
    }
}

static Token lex_number(Lexer *lx, const char *start) {
    const char *p = start;
    Token err;
    int c = lex_at(lx, p);
    if (c == '0' && (lex_at(lx, p + 1) | 0x20) == 'x') {
        p += 2;
        do {
            if (lex_at(lx, p) == '_') p++;
            if (!lex_isxdigit(lex_at(lx, p))) return lex_fail(lx, p, "invalid hexadecimal literal");
            while (lex_isxdigit(lex_at(lx, p)))
                p++;
        } while (lex_at(lx, p) == '_');
        if (!lex_verify_end(lx, p, "hexadecimal", &err)) return err;
        goto done;
    }
    if (c == '0' && ((lex_at(lx, p + 1) | 0x20) == 'o' || (lex_at(lx, p + 1) | 0x20) == 'b')) {
        bool octal = (lex_at(lx, p + 1) | 0x20) == 'o';
        const char *kind = octal ? "octal" : "binary";
        int maxd = octal ? '8' : '2';
        char msg[64];
        p += 2;
        do {
            if (lex_at(lx, p) == '_') p++;
            c = lex_at(lx, p);
            if (c < '0' || c >= maxd) {
                if (lex_isdigit(c)) {
                    snprintf(msg, sizeof msg, "invalid digit '%c' in %s literal", c, kind);
                    return lex_fail(lx, p + 1, msg);
                }
                snprintf(msg, sizeof msg, "invalid %s literal", kind);
                return lex_fail(lx, p, msg);
            }
            while (lex_at(lx, p) >= '0' && lex_at(lx, p) < maxd)
                p++;
        } while (lex_at(lx, p) == '_');
        if (lex_isdigit(lex_at(lx, p))) {
            snprintf(msg, sizeof msg, "invalid digit '%c' in %s literal", lex_at(lx, p), kind);
            return lex_fail(lx, p + 1, msg);
        }
        if (!lex_verify_end(lx, p, kind, &err)) return err;
        goto done;
    }
    if (c == '0') {
        bool nonzero = false;
        p++;
        for (;;) {
            if (lex_at(lx, p) == '_') {
                p++;
                if (!lex_isdigit(lex_at(lx, p))) return lex_fail(lx, p, "invalid decimal literal");
            }
            if (lex_at(lx, p) != '0') break;
            p++;
        }
        const char *zeros_end = p;
        if (lex_isdigit(lex_at(lx, p))) {
            nonzero = true;
            p = lex_decimal_tail(lx, p + 1, &err);
            if (!p) return err;
        }
        c = lex_at(lx, p);
        if (c == '.') {
            p++;
            goto fraction;
        }
        if (c == 'e' || c == 'E') goto exponent;
        if (c == 'j' || c == 'J') goto imaginary;
        if (nonzero) {
            int sc = lex_col(lx, start), ec = lex_col(lx, zeros_end);
            lex_error_at(lx, "SyntaxError", lx->line, sc, lx->line, ec,
                         "leading zeros in decimal integer literals are not permitted; "
                         "use an 0o prefix for octal integers");
            Token t = {.type = TK_ERROR};
            return t;
        }
        if (!lex_verify_end(lx, p, "decimal", &err)) return err;
        goto done;
    }
    if (c == '.') {
        p++;
        goto fraction;
    }
    p = lex_decimal_tail(lx, p + 1, &err);
    if (!p) return err;
    if (lex_at(lx, p) == '.') {
        p++;
    fraction:
        if (lex_isdigit(lex_at(lx, p))) {
            p = lex_decimal_tail(lx, p + 1, &err);
            if (!p) return err;
        }
    }
    c = lex_at(lx, p);
    if (c == 'e' || c == 'E') {
    exponent : {
        const char *e = p;
        p++;
        c = lex_at(lx, p);
        if (c == '+' || c == '-') {
            p++;
            if (!lex_isdigit(lex_at(lx, p))) return lex_fail(lx, p, "invalid decimal literal");
        } else if (!lex_isdigit(c)) {
            if (!lex_verify_end(lx, e, "decimal", &err)) return err;
            p = e;
            goto done;
        }
        p = lex_decimal_tail(lx, p + 1, &err);
        if (!p) return err;
    }
    }
    c = lex_at(lx, p);
    if (c == 'j' || c == 'J') {
    imaginary:
        p++;
        if (!lex_verify_end(lx, p, "imaginary", &err)) return err;
        lex_error_at(lx, "SyntaxError", lx->line, lex_col(lx, start), lx->line, lex_col(lx, p),
                     "complex numbers are not supported");
        Token t = {.type = TK_ERROR};
        return t;
    }
    if (!lex_verify_end(lx, p, "decimal", &err)) return err;
done:
    lx->cur = p;
    return lex_make(lx, TK_NUMBER, 0, start, p, lx->line, lx->line_start);
}

/* The last line number of the source, as CPython counts it for "detected at line N". */
static int lex_last_line(Lexer *lx) {
    int line = lx->line;
    if (lx->cur >= lx->end && lx->end > lx->src && lx->end[-1] == '\n') line--;
    for (const char *p = lx->cur; p < lx->end; p++)
        if (*p == '\n' && p + 1 < lx->end) line++;
    return line;
}

/* CPython's "unterminated [triple-quoted ]{,t-}string literal (detected at line N)". */
static Token lex_unterminated(Lexer *lx, int line, int col, bool triple, const char *kind,
                              int last) {
    lex_error_at(lx, "SyntaxError", line, col, line, col,
                 "unterminated %s%sstring literal (detected at line %d)",
                 triple ? "triple-quoted " : "", kind, last);
    Token t = {.type = TK_ERROR};
    return t;
}

/* A t-string: lexer_tstring.c finds its end (PEP 701's rules); here lines are counted and a
 * failure is worded as CPython 3.14 words it. */
static Token lex_tstring(Lexer *lx, const char *start, bool triple) {
    int start_line = lx->line;
    const char *start_line_ptr = lx->line_start;
    int start_col = lex_col(lx, start);
    int why = 0;
    const char *e = lex_scan_literal(start, lx->end, 0, &why);
    if (!e) {
        lx->cur = start;
        int last = triple ? lex_last_line(lx) : start_line;
        lx->cur = lx->end;
        if (why == LEX_TS_SPEC_NEWLINE)
            lex_error_at(lx, "SyntaxError", start_line, start_col, start_line, start_col,
                         "t-string: newlines are not allowed in format specifiers for single "
                         "quoted t-strings");
        else if (why == LEX_TS_NESTED)
            return lex_unterminated(lx, start_line, start_col, false, "", start_line);
        else if (why == LEX_TS_FIELD && !triple) /* triple: the text ended, the REPL reads on */
            lex_error_at(lx, "SyntaxError", start_line, start_col, start_line, start_col,
                         "t-string: expecting '}'");
        else
            return lex_unterminated(lx, start_line, start_col, triple, "t-", last);
        Token t = {.type = TK_ERROR};
        return t;
    }
    for (const char *c = start; c < e; c++) {
        if (*c == '\n' || (*c == '\r' && (c + 1 >= e || c[1] != '\n'))) {
            lx->line++;
            lx->line_start = c + 1;
        }
    }
    lx->cur = e;
    Token t = lex_make(lx, TK_STRING, 0, start, e, start_line, start_line_ptr);
    t.col = (int)(start - start_line_ptr) + (start_line == lx->first_line ? lx->base_col : 0);
    return t;
}

static Token lex_string(Lexer *lx, const char *start, const char *quote_pos) {
    const char *p = quote_pos;
    char q = *p;
    int start_line = lx->line;
    const char *start_line_ptr = lx->line_start;
    int start_col = lex_col(lx, start);
    bool triple = lex_at(lx, p + 1) == q && lex_at(lx, p + 2) == q;
    bool tstr = false;
    for (const char *c = start; c < quote_pos; c++)
        tstr |= (*c | 0x20) == 't';
    if (tstr) return lex_tstring(lx, start, triple);
    p += triple ? 3 : 1;
    for (;;) {
        if (p >= lx->end) {
            lx->cur = p;
            return lex_unterminated(lx, start_line, start_col, triple, "", lex_last_line(lx));
        }
        char c = *p;
        if (c == q) {
            if (!triple) {
                p++;
                break;
            }
            if (lex_at(lx, p + 1) == q && lex_at(lx, p + 2) == q) {
                p += 3;
                break;
            }
            p++;
            continue;
        }
        if (c == '\\') {
            p++;
            if (p < lx->end) {
                if (*p == '\n' || *p == '\r') {
                    if (*p == '\r' && lex_at(lx, p + 1) == '\n') p++;
                    lx->line++;
                    lx->line_start = p + 1;
                }
                p++;
            }
            continue;
        }
        if (c == '\n' || c == '\r') {
            if (!triple) return lex_unterminated(lx, start_line, start_col, false, "", lx->line);
            if (c == '\r' && lex_at(lx, p + 1) == '\n') p++;
            lx->line++;
            lx->line_start = p + 1;
        }
        p++;
    }
    lx->cur = p;
    Token t = lex_make(lx, TK_STRING, 0, start, p, start_line, start_line_ptr);
    t.col = (int)(start - start_line_ptr) + (start_line == lx->first_line ? lx->base_col : 0);
    return t;
}

/* Measure the indentation of a new logical line and queue INDENT/DEDENT tokens. Returns
 * false after an error. Blank and comment-only lines leave at_bol set and are skipped. */
static bool lex_indentation(Lexer *lx, bool *blank) {
    int col = 0, altcol = 0;
    const char *p = lx->cur;
    for (;; p++) {
        int c = lex_at(lx, p);
        if (c == ' ')
            col++, altcol++;
        else if (c == '\t')
            col = (col / 8 + 1) * 8, altcol++;
        else if (c == '\014')
            col = altcol = 0;
        else
            break;
    }
    lx->cur = p;
    int c = lex_at(lx, p);
    *blank = c == '#' || c == '\n' || c == '\r' || p >= lx->end || c == '\\';
    if (c == '\\') /* a line holding only a continuation joins the next one */
        *blank = lex_at(lx, p + 1) == '\n';
    if (*blank) return true;
    int top = lx->indstack[lx->indent], alttop = lx->altindstack[lx->indent];
    if (col == top) {
        if (altcol != alttop) goto tab_error;
    } else if (col > top) {
        if (lx->indent + 1 >= LEX_MAX_INDENT) {
            lex_error_at(lx, "IndentationError", lx->line, 0, lx->line, -1,
                         "too many levels of indentation");
            return false;
        }
        if (altcol <= alttop) goto tab_error;
        lx->pending++;
        lx->indent++;
        lx->indstack[lx->indent] = col;
        lx->altindstack[lx->indent] = altcol;
    } else {
        while (lx->indent > 0 && col < lx->indstack[lx->indent]) {
            lx->pending--;
            lx->indent--;
        }
        if (col != lx->indstack[lx->indent]) {
            const char *e = p;
            while (e < lx->end && *e != '\n' && *e != '\r')
                e++;
            lex_error_at(lx, "IndentationError", lx->line, lex_col(lx, e), lx->line, -1,
                         "unindent does not match any outer indentation level");
            return false;
        }
        if (altcol != lx->altindstack[lx->indent]) goto tab_error;
    }
    return true;
tab_error : {
    const char *e = p;
    while (e < lx->end && *e != '\n' && *e != '\r')
        e++;
    (void)e;
    lex_error_at(lx, "TabError", lx->line, 0, lx->line, -1,
                 "inconsistent use of tabs and spaces in indentation");
}
    return false;
}

static void lex_newline(Lexer *lx, const char *p) {
    /* p is at '\n' or '\r' */
    if (*p == '\r' && p + 1 < lx->end && p[1] == '\n') p++;
    lx->cur = p + 1;
    lx->line++;
    lx->line_start = p + 1;
}

static int lex_string_prefix(Lexer *lx, const char *p) {
    /* Returns the prefix length if p starts a string literal, else -1. */
    int n = 0;
    bool seen_r = false, seen_b = false, seen_f = false, seen_u = false, seen_t = false;
    for (;; n++) {
        int c = lex_at(lx, p + n) | 0x20;
        if (c == 'r' && !seen_r && !seen_u)
            seen_r = true;
        else if (c == 'b' && !seen_b && !seen_f && !seen_u && !seen_t)
            seen_b = true;
        else if (c == 'f' && !seen_f && !seen_b && !seen_u && !seen_t)
            seen_f = true;
        else if (c == 't' && !seen_t && !seen_b && !seen_f && !seen_u)
            seen_t = true; /* Python 3.14's template strings */
        else if (c == 'u' && n == 0)
            seen_u = true;
        else
            break;
    }
    int q = lex_at(lx, p + n);
    return q == '\'' || q == '"' ? n : -1;
}

Token lex_next(Lexer *lx) {
    Token t;
    if (lx->err && lx->err->kind) {
        t.type = TK_ERROR;
        return t;
    }
again:
    if (lx->pending > 0) {
        lx->pending--;
        t = lex_make(lx, TK_INDENT, 0, lx->cur, lx->cur, lx->line, lx->line_start);
        return t;
    }
    if (lx->pending < 0) {
        lx->pending++;
        t = lex_make(lx, TK_DEDENT, 0, lx->cur, lx->cur, lx->line, lx->line_start);
        return t;
    }
    if (lx->at_bol && lx->level == 0 && !lx->no_newlines) {
        bool blank;
        if (!lex_indentation(lx, &blank)) {
            t.type = TK_ERROR;
            return t;
        }
        if (!blank) {
            lx->at_bol = false;
            if (lx->pending) goto again;
        }
    }
    const char *p = lx->cur;
    const char *comment = NULL; /* a NEWLINE after a comment starts where the comment does */
    /* skip whitespace and comments */
    for (;;) {
        int c = lex_at(lx, p);
        if (c == ' ' || c == '\t' || c == '\014') {
            p++;
            continue;
        }
        if (c == '#') {
            comment = p;
            while (p < lx->end && *p != '\n' && *p != '\r')
                p++;
            continue;
        }
        if (c == '\\' && p + 1 < lx->end && (p[1] == '\n' || p[1] == '\r')) {
            int bs_line = lx->line, bs_col = lex_col(lx, p);
            lex_newline(lx, p + 1);
            p = lx->cur;
            if (p >= lx->end) {
                lex_error_at(lx, "SyntaxError", bs_line, bs_col + 1, bs_line, bs_col + 1,
                             "unexpected EOF while parsing");
                Token t = {.type = TK_ERROR, .line = bs_line};
                return t;
            }
            continue;
        }
        break;
    }
    lx->cur = p;
    if (p >= lx->end) {
        if (lx->level > 0) {
            lx->eof_seen = true;
            t = lex_make(lx, TK_ERROR, 0, p, p, lx->line, lx->line_start);
            t.type = TK_ERROR;
            return t;
        }
        if (!lx->last_was_newline && !lx->no_newlines) {
            t = lex_make(lx, TK_NEWLINE, 0, p, p, lx->line, lx->line_start);
            return t;
        }
        if (lx->indent > 0) {
            lx->indent--;
            return lex_make(lx, TK_DEDENT, 0, p, p, lx->line, lx->line_start);
        }
        lx->done = true;
        return lex_make(lx, TK_ENDMARKER, 0, p, p, lx->line, lx->line_start);
    }
    int c = (unsigned char)*p;
    if (c == '\n' || c == '\r') {
        bool blank = lx->at_bol || lx->level > 0 || lx->no_newlines;
        const char *nl = p;
        int line = lx->line;
        const char *ls = lx->line_start;
        lex_newline(lx, p);
        if (blank) goto again;
        lx->at_bol = true;
        t = lex_make(lx, TK_NEWLINE, 0, nl, nl + 1, line, ls);
        t.col = (int)((comment ? comment : nl) - ls) + (line == lx->first_line ? lx->base_col : 0);
        t.end_line = line;
        t.end_col = t.col + 1;
        return t;
    }
    if (lx->at_bol) {
        lx->at_bol = false;
    }
    int plen = lex_string_prefix(lx, p);
    if (plen >= 0) return lex_string(lx, p, p + plen);
    if (lex_is_id_start(c)) {
        const char *q = p;
        while (q < lx->end && lex_is_id_char((unsigned char)*q)) {
            if ((unsigned char)*q >= 128) {
                int n;
                int cp = lex_decode_utf8(q, lx->end, &n);
                if (lex_is_bad_id_codepoint(cp)) break;
                q += n;
            } else {
                q++;
            }
        }
        if (q == p) return lex_bad_char(lx, q, false);
        lx->cur = q;
        t = lex_make(lx, TK_NAME, lex_keyword(p, (int)(q - p)), p, q, lx->line, lx->line_start);
        return t;
    }
    if (lex_isdigit(c) || (c == '.' && lex_isdigit(lex_at(lx, p + 1)))) return lex_number(lx, p);
    if (c == '\\' && p + 1 >= lx->end) return lex_fail(lx, p + 2, "unexpected EOF while parsing");
    if (c == '\\')
        return lex_fail(lx, p + 2, "unexpected character after line continuation character");
    /* operators */
    for (int i = 1; i < OP__COUNT; i++) {
        const char *s = lex_op_text[i];
        size_t n = strlen(s);
        if ((size_t)(lx->end - p) >= n && memcmp(p, s, n) == 0) {
            if (i == OP_LPAR || i == OP_LSQB || i == OP_LBRACE) {
                if (lx->level >= LEX_MAX_LEVEL)
                    return lex_fail(lx, p + 1, "too many nested parentheses");
                lx->paren[lx->level] = *p;
                lx->paren_line[lx->level] = lx->line;
                lx->paren_col[lx->level] = lex_col(lx, p);
                lx->level++;
            } else if (i == OP_RPAR || i == OP_RSQB || i == OP_RBRACE) {
                if (lx->level == 0) {
                    char msg[64];
                    snprintf(msg, sizeof msg, "unmatched '%c'", *p);
                    return lex_fail(lx, p + 1, msg);
                }
                char open = lx->paren[lx->level - 1];
                char want = open == '(' ? ')' : open == '[' ? ']' : '}';
                if (*p != want) {
                    char msg[128];
                    if (lx->paren_line[lx->level - 1] != lx->line)
                        snprintf(msg, sizeof msg,
                                 "closing parenthesis '%c' does not match opening parenthesis "
                                 "'%c' on line %d",
                                 *p, open, lx->paren_line[lx->level - 1]);
                    else
                        snprintf(msg, sizeof msg,
                                 "closing parenthesis '%c' does not match opening parenthesis "
                                 "'%c'",
                                 *p, open);
                    return lex_fail(lx, p + 1, msg);
                }
                lx->level--;
            }
            lx->cur = p + n;
            t = lex_make(lx, TK_OP, i, p, p + n, lx->line, lx->line_start);
            if (i == OP_RPAR || i == OP_RSQB || i == OP_RBRACE) t.level = lx->level + 1;
            return t;
        }
    }
    return lex_bad_char(lx, p, c < 128);
}
