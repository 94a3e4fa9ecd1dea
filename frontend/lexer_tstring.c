/* lexer_tstring.c: where a template string literal (t"...", Python 3.14's PEP 750) ends.
 *
 * Template strings follow PEP 701's rules (Python 3.12+), not 3.11's f-string ones: a
 * replacement field's expression may hold any string literal, with the enclosing quote and
 * backslashes, and further t-strings nested to any depth, so the end of the literal is found
 * by following the fields: literal text (with {{ and }}), "{" expression (brackets and
 * nested literals skipped), ":" format spec (literal text whose "{" opens a nested field)
 * and the "}" that closes the field. lexer.c calls this for t-prefixed literals, and the
 * parser (parser_string.c) for the literals inside a field's expression text. The scan
 * works on text only; the caller counts lines. */
#include "lexer.h"

#include <stdbool.h>

typedef struct TScan {
    const char *end;
    char q;      /* the literal's quote */
    bool triple; /* ''' or """ */
    bool raw;
    int depth;  /* enclosing literals and fields, bounded so that a hostile input */
    int fields; /* cannot exhaust the C stack; fields: those open in this literal */
} TScan;

static bool ts_close(const TScan *s, const char *p) {
    if (*p != s->q) return false;
    return !s->triple || (p + 2 < s->end && p[1] == s->q && p[2] == s->q);
}

static bool ts_prefix_char(char c) {
    c = (char)(c | 0x20);
    return c == 'r' || c == 'b' || c == 'f' || c == 'u' || c == 't';
}

static bool ts_id_char(char c) {
    unsigned char u = (unsigned char)c;
    return u >= 128 || u == '_' || (u >= '0' && u <= '9') ||
           ((u | 0x20) >= 'a' && (u | 0x20) <= 'z');
}

const char *lex_literal_prefix_start(const char *field_start, const char *quote) {
    const char *p = quote;
    while (p > field_start && ts_prefix_char(p[-1]) && quote - p < 3)
        p--;
    if (p > field_start && ts_id_char(p[-1])) return quote; /* name'x': not a prefix */
    return p;
}

static const char *ts_field(TScan *s, const char *p, int *why);
static const char *ts_field_body(TScan *s, const char *p, int *why);

/* A backslash in literal text at p: how far it reaches. {, } after it stay braces. */
static const char *ts_backslash(const TScan *s, const char *p) {
    if (p + 1 >= s->end) return p + 1;
    char n = p[1];
    if (n == '{' || n == '}') return p + 1;
    if (!s->raw && n == 'N' && p + 2 < s->end && p[2] == '{') {
        for (const char *c = p + 3; c < s->end && *c != s->q && *c != '\n'; c++)
            if (*c == '}') return c + 1;
    }
    if (n == '\r' && p + 2 < s->end && p[2] == '\n') return p + 3;
    return p + 2;
}

/* Format spec text after ':'; returns just after the '}' closing the field. */
static const char *ts_spec(TScan *s, const char *p, int *why) {
    while (p < s->end) {
        char c = *p;
        if (c == '\n' && !s->triple) {
            *why = LEX_TS_SPEC_NEWLINE;
            return NULL;
        }
        if (ts_close(s, p)) break;
        if (c == '\\') {
            p = ts_backslash(s, p);
        } else if (c == '{') {
            p = ts_field(s, p + 1, why);
            if (!p) return NULL;
        } else if (c == '}') {
            return p + 1;
        } else {
            p++;
        }
    }
    *why = LEX_TS_FIELD;
    return NULL;
}

/* A replacement field, p just after its '{'; returns just after its '}'. */
static const char *ts_field(TScan *s, const char *p, int *why) {
    if (s->depth + s->fields >= LEX_MAX_LEVEL) {
        *why = LEX_TS_FIELD;
        return NULL;
    }
    s->fields++;
    const char *r = ts_field_body(s, p, why);
    s->fields--;
    return r;
}

static const char *ts_field_body(TScan *s, const char *p, int *why) {
    const char *start = p;
    int brackets = 0;
    while (p < s->end) {
        char c = *p;
        if (c == '\'' || c == '"') {
            const char *lit = lex_literal_prefix_start(start, p);
            bool same = c == s->q && (p + 2 < s->end && p[1] == c && p[2] == c) == s->triple;
            p = lex_scan_literal(lit, s->end, s->depth + s->fields + 1, why);
            if (!p) {
                /* as CPython: an unterminated literal with the t-string's own quote is the
                 * field's missing '}' */
                if (*why == LEX_TS_UNTERMINATED) *why = same ? LEX_TS_FIELD : LEX_TS_NESTED;
                return NULL;
            }
            continue;
        }
        if (c == '(' || c == '[' || c == '{') {
            brackets++;
        } else if (c == ')' || c == ']') {
            if (brackets) brackets--;
        } else if (c == '}') {
            if (brackets == 0) return p + 1;
            brackets--;
        } else if (c == ':' && brackets == 0) {
            return ts_spec(s, p + 1, why);
        }
        p++;
    }
    *why = LEX_TS_FIELD;
    return NULL;
}

const char *lex_scan_literal(const char *p, const char *end, int depth, int *why) {
    TScan s = {.end = end, .depth = depth};
    bool tstr = false;
    while (p < end && *p != '\'' && *p != '"') {
        char c = (char)(*p | 0x20);
        s.raw |= c == 'r';
        tstr |= c == 't';
        p++;
    }
    if (p >= end) {
        *why = LEX_TS_UNTERMINATED;
        return NULL;
    }
    s.q = *p;
    s.triple = p + 2 < end && p[1] == s.q && p[2] == s.q;
    p += s.triple ? 3 : 1;
    while (p < end) {
        char c = *p;
        if (ts_close(&s, p)) return p + (s.triple ? 3 : 1);
        if (c == '\\') {
            p = tstr ? ts_backslash(&s, p) : p + 2;
            if (p > end) p = end;
        } else if ((c == '\n' || c == '\r') && !s.triple) {
            break;
        } else if (tstr && c == '{' && !(p + 1 < end && p[1] == '{')) {
            p = ts_field(&s, p + 1, why);
            if (!p) return NULL;
        } else if (tstr && (c == '{' || c == '}') && p + 1 < end && p[1] == c) {
            p += 2;
        } else {
            p++;
        }
    }
    *why = LEX_TS_UNTERMINATED;
    return NULL;
}
