/* parser_expr.c: expressions, from star_expressions down to atoms, plus call arguments,
 * parameters, subscripts and comprehensions, following the rules of CPython 3.11's
 * Grammar/python.gram. Each precedence level is one function; the depth counter on the
 * recursive entry points keeps absurd nesting from overflowing the C stack. */
#include "parser.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../vm/object.h"

static AstExpr *p_atom(Parser *p);
static AstExpr *p_factor(Parser *p);
static AstExpr *p_slices(Parser *p);
static AstComprehension *p_for_if_clauses(Parser *p, int *count);

/* A node built by a grammar rule starts at the rule's first token: for `(a) + b` that is
 * the parenthesis, not the inner expression, as in CPython. */
static void p_span_tok(AstExpr *e, Token *start, Parser *p) {
    e->pos.line = start->line;
    e->pos.col = start->col;
    p_set_end(p, &e->pos);
}

static bool p_is_soft_keyword(Token *t) {
    return (t->len == 5 && memcmp(t->start, "match", 5) == 0) ||
           (t->len == 4 && memcmp(t->start, "case", 4) == 0) || (t->len == 1 && t->start[0] == '_');
}

bool p_starts_expression(Token *t) {
    if (t->type == TK_NAME)
        return t->op == 0 || t->op == KW_TRUE || t->op == KW_FALSE || t->op == KW_NONE ||
               t->op == KW_NOT || t->op == KW_LAMBDA || t->op == KW_AWAIT;
    if (t->type == TK_NUMBER || t->type == TK_STRING) return true;
    if (t->type == TK_OP)
        return t->op == OP_LPAR || t->op == OP_LSQB || t->op == OP_LBRACE || t->op == OP_MINUS ||
               t->op == OP_PLUS || t->op == OP_TILDE || t->op == OP_ELLIPSIS;
    return false;
}

/* The type of an already fetched token, or TK_ERROR. */
static TokType p_peek_index(Parser *p, int index) {
    return index >= 0 && index < p->ntoks ? P_TOK(p, index)->type : TK_ERROR;
}

/* Speculation: run a parse and undo it, errors included. */
typedef struct PState {
    int pos;
    bool failed;
    int depth;
    SyntaxErrorInfo err;
} PState;
static void p_save(Parser *p, PState *s) {
    s->pos = p->pos;
    s->failed = p->failed;
    s->depth = p->depth;
    s->err = *p->err;
}
static void p_restore(Parser *p, PState *s) {
    p->pos = s->pos;
    p->failed = s->failed;
    p->depth = s->depth;
    *p->err = s->err;
}

/* CPython's invalid_expression: two expressions side by side inside brackets are most
 * likely a forgotten comma. Called where a ',' or a closing bracket was expected. */
void *p_comma_error(Parser *p, AstExpr *prev, Token *prev_start) {
    if (p->failed) return NULL;
    if (p_is_op(p, OP_EQUAL) && prev) {
        p_check_stray_equal(p, prev);
        if (p->failed) return NULL;
    }
    Token *t = p_peek(p);
    bool name_string = prev_start->type == TK_NAME && prev_start->op == 0 &&
                       p_peek_index(p, prev_start->index + 1) == TK_STRING;
    if (prev && p_starts_expression(t) && !name_string && prev->kind != EXPR_STARRED &&
        prev->kind != EXPR_LAMBDA && prev->kind != EXPR_IFEXP &&
        !(t->type == TK_NAME && t->op == KW_NOT)) {
        PState s;
        p_save(p, &s);
        bool was = p->no_invalid;
        p->no_invalid = true;
        AstExpr *next = p_expression(p);
        p->no_invalid = was;
        bool ok = next && !p->failed;
        AstPos np = ok ? next->pos : prev->pos;
        p_restore(p, &s);
        if (ok) {
            return p_error_at(p, "SyntaxError", prev->pos.line, prev->pos.col, np.end_line,
                              np.end_col, "invalid syntax. Perhaps you forgot a comma?");
        }
    }
    return p_syntax_error(p);
}

/* ---- atoms ---- */

AstExpr *p_number(Parser *p, Token *t) {
    AstExpr *e = p_new_expr(p, EXPR_CONSTANT, t);
    if (!e) return NULL;
    char buf[128];
    char *digits = t->len < (int)sizeof buf ? buf : ast_alloc(p->arena, t->len + 1);
    if (!digits) return p_nomem(p);
    int n = 0;
    for (int i = 0; i < t->len; i++)
        if (t->start[i] != '_') digits[n++] = t->start[i];
    digits[n] = 0;
    int base = 10;
    const char *d = digits;
    if (n > 1 && digits[0] == '0') {
        char c = digits[1] | 0x20;
        if (c == 'x')
            base = 16, d += 2;
        else if (c == 'o')
            base = 8, d += 2;
        else if (c == 'b')
            base = 2, d += 2;
    }
    if (base == 10 && strpbrk(digits, ".eE")) {
        e->u.constant.kind = CONST_FLOAT;
        e->u.constant.fval = strtod(digits, NULL);
        return e;
    }
    uint64_t v = 0;
    bool big = false;
    for (const char *c = d; *c; c++) {
        int dv = *c <= '9' ? *c - '0' : (*c | 0x20) - 'a' + 10;
        if (v > (UINT64_MAX - dv) / base) {
            big = true;
            break;
        }
        v = v * base + dv;
    }
    if (big || v > (uint64_t)INT64_MAX) {
        while (*d == '0' && d[1])
            d++;
        e->u.constant.kind = CONST_BIGINT;
        e->u.constant.str = ast_strdup(p->arena, d, strlen(d));
        e->u.constant.len = strlen(d);
        e->u.constant.base = base;
        if (!e->u.constant.str) return p_nomem(p);
    } else {
        e->u.constant.kind = CONST_INT;
        e->u.constant.ival = (int64_t)v;
    }
    return e;
}

static AstExpr *p_make_comp(Parser *p, AstExprKind kind, Token *start, AstExpr *elt,
                            AstExpr *value) {
    AstExpr *e = p_new_expr(p, kind, start);
    if (!e) return NULL;
    e->u.comp.elt = elt;
    e->u.comp.value = value;
    e->u.comp.generators = p_for_if_clauses(p, &e->u.comp.ngenerators);
    if (!e->u.comp.generators) return NULL;
    return e;
}

static bool p_is_for(Parser *p) {
    return p_is_kw(p, KW_FOR) || (p_is_kw(p, KW_ASYNC) && p_peek_at(p, 1)->type == TK_NAME &&
                                  p_peek_at(p, 1)->op == KW_FOR);
}

/* The elements of a list, tuple or set display after the first, up to the closing bracket
 * (not consumed). */
static bool p_display_rest(Parser *p, ExprVec *v, int close) {
    while (p_accept_op(p, OP_COMMA)) {
        if (p_is_op(p, close)) break;
        Token *st = p_peek(p);
        AstExpr *e = p_star_named_expression(p);
        if (!e || !p_vec_push(p, v, e)) return false;
        if (!p_is_op(p, OP_COMMA) && !p_is_op(p, close)) {
            p_comma_error(p, e, st);
            return false;
        }
    }
    if (!p_is_op(p, close)) {
        if (v->len)
            p_comma_error(p, v->items[v->len - 1], p_peek(p));
        else
            p_syntax_error(p);
        return false;
    }
    return true;
}

/* A comprehension after its element (and a dict's value), up to the closing bracket. */
static AstExpr *p_comp_display(Parser *p, AstExprKind kind, Token *open, AstExpr *elt,
                               AstExpr *value, int close) {
    if (elt->kind == EXPR_STARRED)
        return p_error_node(p, elt->pos, "iterable unpacking cannot be used in comprehension");
    AstExpr *c = p_make_comp(p, kind, open, elt, value);
    if (!c) return NULL;
    if (!p_is_op(p, close)) return p_syntax_error(p);
    p_next(p);
    p_set_end(p, &c->pos);
    return c;
}

/* A tuple, list or set display whose closing bracket is current. */
static AstExpr *p_seq_close(Parser *p, AstExprKind kind, Token *open, ExprVec *v) {
    p_next(p);
    AstExpr *e = p_new_expr(p, kind, open);
    if (!e) return NULL;
    e->u.seq.elts = p_vec_list(v);
    p_set_end(p, &e->pos);
    return e;
}

static AstExpr *p_paren(Parser *p, Token *open) {
    if (p_accept_op(p, OP_RPAR)) {
        AstExpr *e = p_new_expr(p, EXPR_TUPLE, open);
        if (e) p_set_end(p, &e->pos);
        return e;
    }
    if (p_is_kw(p, KW_YIELD)) {
        AstExpr *y = p_yield_expr(p);
        if (!y || !p_expect_op(p, OP_RPAR)) return NULL;
        return y;
    }
    Token *st = p_peek(p);
    AstExpr *first = p_star_named_expression(p);
    if (!first) return NULL;
    if (p_is_for(p)) return p_comp_display(p, EXPR_GENEXP, open, first, NULL, OP_RPAR);
    if (p_is_op(p, OP_COMMA)) {
        ExprVec v = {0};
        if (!p_vec_push(p, &v, first) || !p_display_rest(p, &v, OP_RPAR)) return NULL;
        return p_seq_close(p, EXPR_TUPLE, open, &v);
    }
    if (!p_is_op(p, OP_RPAR)) {
        if (first->kind == EXPR_NAMEDEXPR || first->kind == EXPR_STARRED) return p_syntax_error(p);
        return p_comma_error(p, first, st);
    }
    p_next(p);
    if (first->kind == EXPR_STARRED)
        return p_error_node(p, first->pos, "cannot use starred expression here");
    return first;
}

static AstExpr *p_list(Parser *p, Token *open) {
    ExprVec v = {0};
    if (!p_is_op(p, OP_RSQB)) {
        Token *st = p_peek(p);
        AstExpr *first = p_star_named_expression(p);
        if (!first) return NULL;
        if (p_is_for(p)) return p_comp_display(p, EXPR_LISTCOMP, open, first, NULL, OP_RSQB);
        if (!p_vec_push(p, &v, first)) return NULL;
        if (!p_is_op(p, OP_COMMA) && !p_is_op(p, OP_RSQB)) return p_comma_error(p, first, st);
        if (!p_display_rest(p, &v, OP_RSQB)) return NULL;
    }
    return p_seq_close(p, EXPR_LIST, open, &v);
}

static AstExpr *p_dict_or_set(Parser *p, Token *open) {
    ExprVec keys = {0}, values = {0};
    if (p_accept_op(p, OP_RBRACE)) {
        AstExpr *e = p_new_expr(p, EXPR_DICT, open);
        if (e) p_set_end(p, &e->pos);
        return e;
    }
    bool is_dict;
    Token *st = p_peek(p);
    AstExpr *first = NULL, *fvalue = NULL;
    if (p_accept_op(p, OP_DOUBLESTAR)) {
        is_dict = true;
        fvalue = p_bitwise_or(p);
        if (!fvalue) return NULL;
    } else {
        first = p_star_named_expression(p);
        if (!first) return NULL;
        is_dict = p_is_op(p, OP_COLON) && first->kind != EXPR_STARRED;
        if (is_dict) {
            if (first->kind == EXPR_NAMEDEXPR && st->type == TK_NAME) return p_syntax_error(p);
            p_next(p);
            if (p_is_op(p, OP_RBRACE) || p_is_op(p, OP_COMMA))
                return p_error_tok(p, p_prev(p),
                                   "expression expected after dictionary key "
                                   "and ':'");
            fvalue = p_expression(p);
            if (!fvalue) return NULL;
        }
    }
    if (p_is_for(p)) {
        if (is_dict && !first)
            return p_error_at(p, "SyntaxError", st->line, st->col, fvalue->pos.end_line,
                              fvalue->pos.end_col,
                              "dict unpacking cannot be used in dict comprehension");
        return p_comp_display(p, is_dict ? EXPR_DICTCOMP : EXPR_SETCOMP, open, first, fvalue,
                              OP_RBRACE);
    }
    if (!is_dict) {
        ExprVec v = {0};
        if (!p_vec_push(p, &v, first)) return NULL;
        if (!p_is_op(p, OP_COMMA) && !p_is_op(p, OP_RBRACE)) return p_comma_error(p, first, st);
        if (!p_display_rest(p, &v, OP_RBRACE)) return NULL;
        return p_seq_close(p, EXPR_SET, open, &v);
    }
    if (!p_vec_push(p, &keys, first) || !p_vec_push(p, &values, fvalue)) return NULL;
    while (p_accept_op(p, OP_COMMA)) {
        if (p_is_op(p, OP_RBRACE)) break;
        AstExpr *k = NULL, *v;
        if (p_accept_op(p, OP_DOUBLESTAR)) {
            v = p_bitwise_or(p);
        } else {
            k = p_expression(p);
            if (!k) return NULL;
            if (!p_is_op(p, OP_COLON)) {
                if (p_is_op(p, OP_COMMA) || p_is_op(p, OP_RBRACE))
                    return p_error_node(p, k->pos, "':' expected after dictionary key");
                return p_syntax_error(p);
            }
            p_next(p);
            if (p_is_op(p, OP_RBRACE) || p_is_op(p, OP_COMMA))
                return p_error_tok(p, p_prev(p),
                                   "expression expected after dictionary key "
                                   "and ':'");
            v = p_expression(p);
        }
        if (!v || !p_vec_push(p, &keys, k) || !p_vec_push(p, &values, v)) return NULL;
    }
    if (!p_is_op(p, OP_RBRACE)) return p_syntax_error(p);
    p_next(p);
    AstExpr *e = p_new_expr(p, EXPR_DICT, open);
    if (!e) return NULL;
    e->u.dict.keys = p_vec_list(&keys);
    e->u.dict.values = p_vec_list(&values);
    p_set_end(p, &e->pos);
    return e;
}

/* A display opened by the bracket t (already current), parsed one nesting level deeper. */
static AstExpr *p_bracketed(Parser *p, Token *t, AstExpr *(*display)(Parser *, Token *)) {
    if (!p_enter(p)) return NULL;
    p_next(p);
    AstExpr *e = display(p, t);
    p_leave(p);
    return e;
}

static AstExpr *p_atom(Parser *p) {
    Token *t = p_peek(p);
    switch (t->type) {
    case TK_NAME: {
        AstConstKind ck;
        switch (t->op) {
        case 0: {
            p_next(p);
            AstExpr *e = p_new_expr(p, EXPR_NAME, t);
            if (!e) return NULL;
            e->u.name.id = p_token_str(p, t);
            return e->u.name.id ? e : NULL;
        }
        case KW_TRUE: ck = CONST_TRUE; break;
        case KW_FALSE: ck = CONST_FALSE; break;
        case KW_NONE: ck = CONST_NONE; break;
        default: return p_syntax_error(p);
        }
        p_next(p);
        AstExpr *e = p_new_expr(p, EXPR_CONSTANT, t);
        if (e) e->u.constant.kind = ck;
        return e;
    }
    case TK_NUMBER: p_next(p); return p_number(p, t);
    case TK_STRING: return p_strings(p);
    case TK_OP:
        switch (t->op) {
        case OP_LPAR: return p_bracketed(p, t, p_paren);
        case OP_LSQB: return p_bracketed(p, t, p_list);
        case OP_LBRACE: return p_bracketed(p, t, p_dict_or_set);
        case OP_ELLIPSIS: {
            p_next(p);
            AstExpr *e = p_new_expr(p, EXPR_CONSTANT, t);
            if (e) e->u.constant.kind = CONST_ELLIPSIS;
            return e;
        }
        default: break;
        }
        /* fall through */
    default: return p_syntax_error(p);
    }
}

/* ---- primary: calls, attributes, subscripts ---- */

bool p_call_args(Parser *p, AstExpr *call) {
    ExprVec args = {0}, kws = {0};
    bool seen_kw = false, seen_kwunpack = false;
    int pos_after_kw = 0; /* reported at the closing parenthesis, as CPython does */
    Token *open = p_prev(p);
    while (!p_is_op(p, OP_RPAR)) {
        Token *st = p_peek(p);
        if (p_accept_op(p, OP_STAR)) {
            AstExpr *v = p_expression(p);
            if (!v) return false;
            if (seen_kwunpack)
                return p_error_tok(p, st,
                                   "iterable argument unpacking follows keyword "
                                   "argument unpacking"),
                       false;
            AstExpr *s = p_new_expr(p, EXPR_STARRED, st);
            if (!s) return false;
            s->u.starred.value = v;
            p_set_end(p, &s->pos);
            if (!p_vec_push(p, &args, s)) return false;
        } else if (p_accept_op(p, OP_DOUBLESTAR)) {
            AstExpr *v = p_expression(p);
            AstKeyword *k = ast_alloc(p->arena, sizeof *k);
            if (!v || !k) return k ? false : (p_nomem(p), false);
            k->value = v;
            k->pos = v->pos;
            p_copy_start(&k->pos, &(AstPos){st->line, st->col, 0, 0});
            if (!p_vec_push(p, &kws, k)) return false;
            seen_kwunpack = true;
        } else if (st->type == TK_NAME && p_peek_at(p, 1)->type == TK_OP &&
                   p_peek_at(p, 1)->op == OP_EQUAL) {
            if (st->op == KW_TRUE || st->op == KW_FALSE || st->op == KW_NONE)
                return p_error_tok(p, st, "cannot assign to %.*s", st->len, st->start), false;
            if (st->op) return p_syntax_error(p), false;
            p_next(p);
            p_next(p);
            AstExpr *v = p_expression(p);
            AstKeyword *k = ast_alloc(p->arena, sizeof *k);
            if (!v || !k) return k ? false : (p_nomem(p), false);
            k->arg = p_token_str(p, st);
            k->value = v;
            k->pos.line = st->line;
            k->pos.col = st->col;
            p_set_end(p, &k->pos);
            if (!k->arg || !p_vec_push(p, &kws, k)) return false;
            seen_kw = true;
        } else {
            AstExpr *e = p_named_expression(p);
            if (!e) return false;
            if (p_is_for(p)) {
                AstExpr *g = p_make_comp(p, EXPR_GENEXP, open, e, NULL);
                if (!g) return false;
                if (args.len || kws.len || !p_is_op(p, OP_RPAR)) {
                    if (p_is_op(p, OP_COMMA) || args.len || kws.len) {
                        AstPos gp = g->pos;
                        p_copy_start(&gp, &e->pos);
                        p_set_end(p, &gp);
                        return p_error_node(p, gp,
                                            "Generator expression must be "
                                            "parenthesized"),
                               false;
                    }
                    return p_syntax_error(p), false;
                }
                p_next(p);
                p_set_end(p, &g->pos);
                if (!p_vec_push(p, &args, g)) return false;
                call->u.call.args = p_vec_list(&args);
                p_set_end(p, &call->pos);
                return true;
            }
            if (p_is_op(p, OP_EQUAL)) {
                AstPos r = e->pos;
                return p_error_node(p, r,
                                    "expression cannot contain assignment, perhaps you "
                                    "meant \"==\"?"),
                       false;
            }
            if ((seen_kwunpack || seen_kw) && !pos_after_kw) pos_after_kw = seen_kwunpack ? 2 : 1;
            if (!p_vec_push(p, &args, e)) return false;
            if (!p_is_op(p, OP_COMMA) && !p_is_op(p, OP_RPAR))
                return p_comma_error(p, e, st), false;
        }
        if (!p_is_op(p, OP_RPAR)) {
            if (!p_is_op(p, OP_COMMA)) return p_syntax_error(p), false;
            p_next(p);
        }
    }
    if (pos_after_kw)
        return p_error_tok(p, p_peek(p),
                           pos_after_kw == 2 ? "positional argument follows keyword argument "
                                               "unpacking"
                                             : "positional argument follows keyword argument"),
               false;
    p_next(p);
    call->u.call.args = p_vec_list(&args);
    call->u.call.keywords = ast_alloc(p->arena, sizeof(AstKeyword) * (kws.len ? kws.len : 1));
    if (!call->u.call.keywords) return p_nomem(p), false;
    for (int i = 0; i < kws.len; i++)
        call->u.call.keywords[i] = *(AstKeyword *)kws.items[i];
    call->u.call.nkeywords = kws.len;
    p_set_end(p, &call->pos);
    return true;
}

static AstExpr *p_primary(Parser *p) {
    Token *start = p_peek(p);
    AstExpr *e = p_atom(p);
    while (e) {
        Token *t = p_peek(p);
        if (t->type != TK_OP) break;
        if (t->op == OP_DOT) {
            p_next(p);
            Token *n = p_peek(p);
            if (n->type != TK_NAME || n->op) return p_syntax_error(p);
            p_next(p);
            AstExpr *a = p_new_expr(p, EXPR_ATTRIBUTE, n);
            if (!a) return NULL;
            a->u.attribute.value = e;
            a->u.attribute.attr = p_token_str(p, n);
            p_span_tok(a, start, p);
            e = a;
        } else if (t->op == OP_LPAR) {
            if (!p_enter(p)) return NULL;
            p_next(p);
            AstExpr *c = p_new_expr(p, EXPR_CALL, t);
            if (!c) return NULL;
            c->u.call.func = e;
            c->pos.line = start->line;
            c->pos.col = start->col;
            bool ok = p_call_args(p, c);
            p_leave(p);
            if (!ok) return NULL;
            e = c;
        } else if (t->op == OP_LSQB) {
            if (!p_enter(p)) return NULL;
            p_next(p);
            AstExpr *s = p_new_expr(p, EXPR_SUBSCRIPT, t);
            if (!s) return NULL;
            s->u.subscript.value = e;
            s->u.subscript.slice = p_slices(p);
            p_leave(p);
            if (!s->u.subscript.slice || !p_expect_op(p, OP_RSQB)) return NULL;
            p_span_tok(s, start, p);
            e = s;
        } else {
            break;
        }
    }
    return e;
}

static AstExpr *p_slice(Parser *p) {
    Token *st = p_peek(p);
    AstExpr *lower = NULL;
    if (!p_is_op(p, OP_COLON)) {
        lower = p_named_expression(p);
        if (!lower) return NULL;
        if (!p_is_op(p, OP_COLON)) return lower;
        if (lower->kind == EXPR_NAMEDEXPR) return p_syntax_error(p);
    }
    p_next(p);
    AstExpr *s = p_new_expr(p, EXPR_SLICE, st);
    if (!s) return NULL;
    s->u.slice.lower = lower;
    if (!p_is_op(p, OP_COLON) && !p_is_op(p, OP_COMMA) && !p_is_op(p, OP_RSQB)) {
        if (!(s->u.slice.upper = p_expression(p))) return NULL;
    }
    if (p_accept_op(p, OP_COLON)) {
        if (!p_is_op(p, OP_COMMA) && !p_is_op(p, OP_RSQB)) {
            if (!(s->u.slice.step = p_expression(p))) return NULL;
        }
    }
    p_set_end(p, &s->pos);
    return s;
}

static AstExpr *p_slices(Parser *p) {
    Token *st = p_peek(p);
    ExprVec v = {0};
    for (;;) {
        AstExpr *e;
        Token *et = p_peek(p);
        if (p_accept_op(p, OP_STAR)) {
            AstExpr *val = p_bitwise_or(p);
            if (!val) return NULL;
            e = p_new_expr(p, EXPR_STARRED, et);
            if (!e) return NULL;
            e->u.starred.value = val;
            p_set_end(p, &e->pos);
        } else {
            e = p_slice(p);
        }
        if (!e) return NULL;
        if (v.len == 0 && !p_is_op(p, OP_COMMA) && e->kind != EXPR_STARRED) return e;
        if (!p_vec_push(p, &v, e)) return NULL;
        if (!p_accept_op(p, OP_COMMA)) {
            if (!p_is_op(p, OP_RSQB)) return p_comma_error(p, e, et);
            break;
        }
        if (p_is_op(p, OP_RSQB)) break;
    }
    AstExpr *t = p_new_expr(p, EXPR_TUPLE, st);
    if (!t) return NULL;
    t->u.seq.elts = p_vec_list(&v);
    p_set_end(p, &t->pos);
    return t;
}

/* ---- operators ---- */

static AstExpr *p_await_primary(Parser *p) {
    Token *t = p_peek(p);
    if (p_accept_kw(p, KW_AWAIT)) {
        if (!p_enter(p)) return NULL;
        AstExpr *v = p_primary(p);
        p_leave(p);
        if (!v) return NULL;
        AstExpr *e = p_new_expr(p, EXPR_AWAIT, t);
        if (!e) return NULL;
        e->u.value.value = v;
        p_set_end(p, &e->pos);
        return e;
    }
    return p_primary(p);
}

static AstExpr *p_binop(Parser *p, Token *start, AstExpr *l, int op, AstExpr *r) {
    AstExpr *e = p_new_expr(p, EXPR_BINOP, p_prev(p));
    if (!e) return NULL;
    e->u.binop.left = l;
    e->u.binop.op = op;
    e->u.binop.right = r;
    p_span_tok(e, start, p);
    return e;
}

static AstExpr *p_power(Parser *p) {
    Token *start = p_peek(p);
    AstExpr *l = p_await_primary(p);
    if (!l) return NULL;
    if (p_accept_op(p, OP_DOUBLESTAR)) {
        AstExpr *r = p_factor(p);
        if (!r) return NULL;
        return p_binop(p, start, l, BIN_POW, r);
    }
    return l;
}

static AstExpr *p_factor(Parser *p) {
    Token *t = p_peek(p);
    int op = -1;
    if (t->type == TK_OP) {
        if (t->op == OP_PLUS)
            op = AST_UADD;
        else if (t->op == OP_MINUS)
            op = AST_USUB;
        else if (t->op == OP_TILDE)
            op = AST_INVERT;
    }
    if (op < 0) return p_power(p);
    if (!p_enter(p)) return NULL;
    p_next(p);
    AstExpr *v = p_factor(p);
    p_leave(p);
    if (!v) return NULL;
    AstExpr *e = p_new_expr(p, EXPR_UNARYOP, t);
    if (!e) return NULL;
    e->u.unary.op = op;
    e->u.unary.operand = v;
    p_set_end(p, &e->pos);
    return e;
}

typedef AstExpr *(*SubParser)(Parser *);

static int p_term_op(Token *t) {
    if (t->type != TK_OP) return -1;
    switch (t->op) {
    case OP_STAR: return BIN_MUL;
    case OP_SLASH: return BIN_TRUEDIV;
    case OP_DOUBLESLASH: return BIN_FLOORDIV;
    case OP_PERCENT: return BIN_MOD;
    case OP_AT: return BIN_MATMUL;
    default: return -1;
    }
}
static int p_sum_op(Token *t) {
    if (t->type != TK_OP) return -1;
    return t->op == OP_PLUS ? BIN_ADD : t->op == OP_MINUS ? BIN_SUB : -1;
}
static int p_shift_op(Token *t) {
    if (t->type != TK_OP) return -1;
    return t->op == OP_LSHIFT ? BIN_LSHIFT : t->op == OP_RSHIFT ? BIN_RSHIFT : -1;
}
static int p_band_op(Token *t) {
    return t->type == TK_OP && t->op == OP_AMPER ? BIN_AND : -1;
}
static int p_bxor_op(Token *t) {
    return t->type == TK_OP && t->op == OP_CIRCUMFLEX ? BIN_XOR : -1;
}
static int p_bor_op(Token *t) {
    return t->type == TK_OP && t->op == OP_VBAR ? BIN_OR : -1;
}

static AstExpr *p_left_assoc(Parser *p, SubParser sub, int (*opf)(Token *)) {
    Token *start = p_peek(p);
    AstExpr *l = sub(p);
    while (l) {
        int op = opf(p_peek(p));
        if (op < 0) break;
        p_next(p);
        AstExpr *r = sub(p);
        if (!r) return NULL;
        l = p_binop(p, start, l, op, r);
    }
    return l;
}

static AstExpr *p_term(Parser *p) {
    return p_left_assoc(p, p_factor, p_term_op);
}
static AstExpr *p_sum(Parser *p) {
    return p_left_assoc(p, p_term, p_sum_op);
}
static AstExpr *p_shift(Parser *p) {
    return p_left_assoc(p, p_sum, p_shift_op);
}
static AstExpr *p_band(Parser *p) {
    return p_left_assoc(p, p_shift, p_band_op);
}
static AstExpr *p_bxor(Parser *p) {
    return p_left_assoc(p, p_band, p_bxor_op);
}
AstExpr *p_bitwise_or(Parser *p) {
    return p_left_assoc(p, p_bxor, p_bor_op);
}

static int p_compare_op(Parser *p) {
    Token *t = p_peek(p);
    if (t->type == TK_OP) {
        switch (t->op) {
        case OP_EQEQUAL: return CMP_EQ;
        case OP_NOTEQUAL: return CMP_NE;
        case OP_LESS: return CMP_LT;
        case OP_LESSEQUAL: return CMP_LE;
        case OP_GREATER: return CMP_GT;
        case OP_GREATEREQUAL: return CMP_GE;
        default: return -1;
        }
    }
    if (t->type == TK_NAME) {
        if (t->op == KW_IN) return AST_IN;
        if (t->op == KW_IS) return AST_IS;
        if (t->op == KW_NOT && p_peek_at(p, 1)->type == TK_NAME && p_peek_at(p, 1)->op == KW_IN)
            return AST_NOTIN;
    }
    return -1;
}

static AstExpr *p_comparison(Parser *p) {
    Token *start = p_peek(p);
    AstExpr *l = p_bitwise_or(p);
    if (!l) return NULL;
    int op = p_compare_op(p);
    if (op < 0) return l;
    ExprVec ops = {0}, comps = {0};
    while (op >= 0) {
        p_next(p);
        if (op == AST_NOTIN)
            p_next(p);
        else if (op == AST_IS && p_accept_kw(p, KW_NOT))
            op = AST_ISNOT;
        AstExpr *r = p_bitwise_or(p);
        if (!r || !p_vec_push(p, &ops, (void *)(intptr_t)(op + 1)) || !p_vec_push(p, &comps, r))
            return NULL;
        op = p_compare_op(p);
    }
    AstExpr *e = p_new_expr(p, EXPR_COMPARE, p_prev(p));
    int *o = ast_alloc(p->arena, sizeof(int) * ops.len);
    if (!e || !o) return p_nomem(p);
    for (int i = 0; i < ops.len; i++)
        o[i] = (int)(intptr_t)ops.items[i] - 1;
    e->u.compare.left = l;
    e->u.compare.ops = o;
    e->u.compare.comparators = p_vec_list(&comps);
    p_span_tok(e, start, p);
    return e;
}

static AstExpr *p_inversion(Parser *p) {
    Token *t = p_peek(p);
    if (!p_is_kw(p, KW_NOT)) return p_comparison(p);
    if (!p_enter(p)) return NULL;
    p_next(p);
    AstExpr *v = p_inversion(p);
    p_leave(p);
    if (!v) return NULL;
    AstExpr *e = p_new_expr(p, EXPR_UNARYOP, t);
    if (!e) return NULL;
    e->u.unary.op = AST_NOT;
    e->u.unary.operand = v;
    p_set_end(p, &e->pos);
    return e;
}

static AstExpr *p_boolop(Parser *p, SubParser sub, int kw, int op) {
    Token *start = p_peek(p);
    AstExpr *first = sub(p);
    if (!first || !p_is_kw(p, kw)) return first;
    ExprVec v = {0};
    if (!p_vec_push(p, &v, first)) return NULL;
    while (p_accept_kw(p, kw)) {
        AstExpr *e = sub(p);
        if (!e || !p_vec_push(p, &v, e)) return NULL;
    }
    AstExpr *e = p_new_expr(p, EXPR_BOOLOP, p_prev(p));
    if (!e) return NULL;
    e->u.boolop.op = op;
    e->u.boolop.values = p_vec_list(&v);
    p_span_tok(e, start, p);
    return e;
}

static AstExpr *p_conjunction(Parser *p) {
    return p_boolop(p, p_inversion, KW_AND, AST_AND);
}
AstExpr *p_disjunction(Parser *p) {
    return p_boolop(p, p_conjunction, KW_OR, AST_OR);
}

static AstExpr *p_lambda(Parser *p) {
    Token *t = p_next(p);
    AstArguments *args = p_parameters(p, true, OP_COLON);
    if (!args) return NULL;
    if (!p_expect_op(p, OP_COLON)) return NULL;
    AstExpr *body = p_expression(p);
    if (!body) return NULL;
    AstExpr *e = p_new_expr(p, EXPR_LAMBDA, t);
    if (!e) return NULL;
    e->u.lambda.args = args;
    e->u.lambda.body = body;
    p_set_end(p, &e->pos);
    return e;
}

AstExpr *p_expression(Parser *p) {
    if (!p_enter(p)) return NULL;
    AstExpr *r;
    if (p_is_kw(p, KW_LAMBDA)) {
        r = p_lambda(p);
        p_leave(p);
        return r;
    }
    Token *start = p_peek(p);
    AstExpr *body = p_disjunction(p);
    if (body && !p->no_invalid && p_starts_expression(p_peek(p)) &&
        (p_peek(p)->level > 0 || p->in_fstring_expr) &&
        !(p_peek(p)->type == TK_NAME && p_peek(p)->op == KW_NOT) &&
        !(start->type == TK_NAME && start->op == 0 &&
          (p_is_soft_keyword(start) || p_peek_index(p, start->index + 1) == TK_STRING))) {
        p_leave(p);
        return p_comma_error(p, body, start);
    }
    if (!body || !p_is_kw(p, KW_IF)) {
        p_leave(p);
        return body;
    }
    p_next(p);
    AstExpr *test = p_disjunction(p);
    if (!test) {
        p_leave(p);
        return NULL;
    }
    if (!p_accept_kw(p, KW_ELSE)) {
        p_leave(p);
        if (p_is_op(p, OP_COLON)) return p_syntax_error(p);
        return p_error_at(p, "SyntaxError", body->pos.line, body->pos.col, test->pos.end_line,
                          test->pos.end_col, "expected 'else' after 'if' expression");
    }
    AstExpr *orelse = p_expression(p);
    p_leave(p);
    if (!orelse) return NULL;
    AstExpr *e = p_new_expr(p, EXPR_IFEXP, p_prev(p));
    if (!e) return NULL;
    e->u.ifexp.test = test;
    e->u.ifexp.body = body;
    e->u.ifexp.orelse = orelse;
    p_span_tok(e, start, p);
    return e;
}

AstExpr *p_named_expression(Parser *p) {
    Token *t = p_peek(p);
    if (t->type == TK_NAME && t->op == 0 && p_peek_at(p, 1)->type == TK_OP &&
        p_peek_at(p, 1)->op == OP_COLONEQUAL) {
        p_next(p);
        p_next(p);
        AstExpr *target = p_new_expr(p, EXPR_NAME, t);
        if (!target || !(target->u.name.id = p_token_str(p, t))) return NULL;
        target->u.name.ctx = CTX_STORE;
        AstExpr *v = p_expression(p);
        if (!v) return NULL;
        AstExpr *e = p_new_expr(p, EXPR_NAMEDEXPR, t);
        if (!e) return NULL;
        e->u.named.target = target;
        e->u.named.value = v;
        p_set_end(p, &e->pos);
        return e;
    }
    AstExpr *e = p_expression(p);
    if (e && p_is_op(p, OP_COLONEQUAL))
        return p_error_node(p, e->pos, "cannot use assignment expressions with %s", p_expr_name(e));
    return e;
}

static AstExpr *p_starred(Parser *p, Token *t) {
    p_next(p);
    AstExpr *v = p_bitwise_or(p);
    if (!v) return NULL;
    AstExpr *e = p_new_expr(p, EXPR_STARRED, t);
    if (!e) return NULL;
    e->u.starred.value = v;
    p_set_end(p, &e->pos);
    return e;
}

AstExpr *p_star_named_expression(Parser *p) {
    Token *t = p_peek(p);
    if (t->type == TK_OP && t->op == OP_STAR) return p_starred(p, t);
    return p_named_expression(p);
}

static AstExpr *p_star_expression(Parser *p) {
    Token *t = p_peek(p);
    if (t->type == TK_OP && t->op == OP_STAR) return p_starred(p, t);
    return p_expression(p);
}

/* A comma-separated sequence of `one` items, a Tuple when there is a comma. */
static AstExpr *p_tuple_of(Parser *p, SubParser one) {
    Token *start = p_peek(p);
    AstExpr *first = one(p);
    if (!first || !p_is_op(p, OP_COMMA)) return first;
    ExprVec v = {0};
    if (!p_vec_push(p, &v, first)) return NULL;
    while (p_accept_op(p, OP_COMMA)) {
        if (!p_starts_expression(p_peek(p)) && !p_is_op(p, OP_STAR)) break;
        AstExpr *e = one(p);
        if (!e || !p_vec_push(p, &v, e)) return NULL;
    }
    AstExpr *e = p_new_expr(p, EXPR_TUPLE, p_prev(p));
    if (!e) return NULL;
    e->u.seq.elts = p_vec_list(&v);
    p_span_tok(e, start, p);
    return e;
}

AstExpr *p_star_expressions(Parser *p) {
    return p_tuple_of(p, p_star_expression);
}

bool p_del_targets(Parser *p, ExprVec *out) {
    do {
        if (!p_starts_expression(p_peek(p)) && !p_is_op(p, OP_STAR) && out->len > 0) break;
        AstExpr *e = p_star_expression(p);
        if (!e || !p_vec_push(p, out, e)) return false;
    } while (p_accept_op(p, OP_COMMA));
    return true;
}

static AstExpr *p_star_target(Parser *p) {
    Token *t = p_peek(p);
    if (t->type == TK_OP && t->op == OP_STAR) return p_starred(p, t);
    return p_bitwise_or(p);
}

AstExpr *p_star_targets(Parser *p) {
    AstExpr *e = p_tuple_of(p, p_star_target);
    if (e && !p_check_target(p, e, TARGETS_FOR)) return NULL;
    if (e) p_set_ctx(e, CTX_STORE);
    return e;
}

AstExpr *p_yield_expr(Parser *p) {
    Token *t = p_next(p);
    if (p_accept_kw(p, KW_FROM)) {
        AstExpr *v = p_expression(p);
        if (!v) return NULL;
        AstExpr *e = p_new_expr(p, EXPR_YIELDFROM, t);
        if (!e) return NULL;
        e->u.value.value = v;
        p_set_end(p, &e->pos);
        return e;
    }
    AstExpr *e = p_new_expr(p, EXPR_YIELD, t);
    if (!e) return NULL;
    if (p_starts_expression(p_peek(p)) || p_is_op(p, OP_STAR)) {
        if (!(e->u.value.value = p_star_expressions(p))) return NULL;
    }
    p_set_end(p, &e->pos);
    return e;
}

static AstComprehension *p_for_if_clauses(Parser *p, int *count) {
    ExprVec v = {0};
    while (p_is_for(p)) {
        AstComprehension *c = ast_alloc(p->arena, sizeof *c);
        if (!c) return p_nomem(p);
        c->is_async = p_accept_kw(p, KW_ASYNC);
        p_next(p); /* for */
        c->target = p_star_targets(p);
        if (!c->target) return NULL;
        if (!p_accept_kw(p, KW_IN)) {
            Token *tt = P_TOK(p, p->pos - 1);
            while (tt->index > 0 &&
                   !(tt->line == c->target->pos.line && tt->col == c->target->pos.col))
                tt = P_TOK(p, tt->index - 1);
            return p_comma_error(p, c->target, tt);
        }
        c->iter = p_disjunction(p);
        if (!c->iter) return NULL;
        ExprVec ifs = {0};
        while (p_accept_kw(p, KW_IF)) {
            AstExpr *e = p_disjunction(p);
            if (!e || !p_vec_push(p, &ifs, e)) return NULL;
        }
        c->ifs = p_vec_list(&ifs);
        if (!p_vec_push(p, &v, c)) return NULL;
    }
    AstComprehension *arr = ast_alloc(p->arena, sizeof *arr * v.len);
    if (!arr) return p_nomem(p);
    for (int i = 0; i < v.len; i++)
        arr[i] = *(AstComprehension *)v.items[i];
    *count = v.len;
    return arr;
}

/* ---- parameters (def and lambda) ---- */

typedef struct ArgVec {
    AstArg *items;
    int len, cap;
} ArgVec;

static bool p_arg_push(Parser *p, ArgVec *v, AstArg a) {
    if (v->len == v->cap) {
        int ncap = v->cap ? v->cap * 2 : 4;
        AstArg *n = ast_alloc(p->arena, sizeof(AstArg) * ncap);
        if (!n) return p_nomem(p), false;
        if (v->len) memcpy(n, v->items, sizeof(AstArg) * v->len);
        v->items = n;
        v->cap = ncap;
    }
    v->items[v->len++] = a;
    return true;
}

static bool p_param(Parser *p, bool lambda, AstArg *out, bool star) {
    Token *t = p_peek(p);
    if (t->type != TK_NAME || t->op) {
        p_syntax_error(p);
        return false;
    }
    p_next(p);
    out->name = p_token_str(p, t);
    out->annotation = NULL;
    out->pos.line = t->line;
    out->pos.col = t->col;
    if (!lambda && p_accept_op(p, OP_COLON)) {
        if (star && p_is_op(p, OP_STAR)) {
            Token *st = p_peek(p);
            out->annotation = p_starred(p, st);
        } else {
            out->annotation = p_expression(p);
        }
        if (!out->annotation) return false;
    }
    p_set_end(p, &out->pos);
    return out->name != NULL;
}

AstArguments *p_parameters(Parser *p, bool lambda, int close_op) {
    AstArguments *a = ast_alloc(p->arena, sizeof *a);
    if (!a) return p_nomem(p);
    ArgVec pos = {0}, kwonly = {0};
    ExprVec defaults = {0}, kwdefaults = {0};
    int nposonly = 0;
    bool seen_star = false, seen_default = false, seen_slash = false;
    while (!p_is_op(p, close_op)) {
        Token *t = p_peek(p);
        if (p_accept_op(p, OP_SLASH)) {
            if (seen_slash) return p_error_tok(p, t, "/ may appear only once");
            if (seen_star) return p_error_tok(p, t, "/ must be ahead of *");
            if (pos.len == 0) {
                if (p_is_op(p, OP_COMMA))
                    return p_error_tok(p, t, "at least one argument must precede /");
                p->pos--;
                return p_syntax_error(p);
            }
            seen_slash = true;
            nposonly = pos.len;
        } else if (p_accept_op(p, OP_DOUBLESTAR)) {
            AstArg *k = ast_alloc(p->arena, sizeof *k);
            if (!k) return p_nomem(p);
            if (!p_param(p, lambda, k, false)) return NULL;
            a->kwarg = k;
            if (p_is_op(p, OP_EQUAL))
                return p_error_tok(p, p_peek(p),
                                   lambda ? "var-keyword argument cannot have default "
                                            "value"
                                          : "var-keyword argument cannot have default "
                                            "value");
            p_accept_op(p, OP_COMMA);
            if (!p_is_op(p, close_op)) {
                Token *bad = p_peek(p);
                if (bad->type == TK_NAME || p_is_op(p, OP_STAR) || p_is_op(p, OP_DOUBLESTAR))
                    return p_error_tok(p, bad, "arguments cannot follow var-keyword argument");
                return p_syntax_error(p);
            }
            break;
        } else if (p_accept_op(p, OP_STAR)) {
            if (seen_star) return p_error_tok(p, t, "* argument may appear only once");
            seen_star = true;
            if (p_is_op(p, OP_COMMA)) {
                Token *after = p_peek_at(p, 1);
                if (after->type == TK_OP && (after->op == close_op || after->op == OP_DOUBLESTAR))
                    return p_error_tok(p, lambda ? after : t, "named arguments must follow bare *");
            } else if (p_is_op(p, close_op)) {
                return p_error_tok(p, lambda ? p_peek(p) : t, "named arguments must follow bare *");
            } else {
                AstArg *v = ast_alloc(p->arena, sizeof *v);
                if (!v) return p_nomem(p);
                if (!p_param(p, lambda, v, true)) return NULL;
                a->vararg = v;
                if (p_is_op(p, OP_EQUAL))
                    return p_error_tok(p, p_peek(p),
                                       "var-positional argument cannot have default value");
            }
        } else {
            AstArg arg;
            if (!p_param(p, lambda, &arg, false)) return NULL;
            AstExpr *def = NULL;
            if (p_accept_op(p, OP_EQUAL)) {
                def = p_expression(p);
                if (!def) return NULL;
            }
            if (seen_star) {
                if (!p_arg_push(p, &kwonly, arg) || !p_vec_push(p, &kwdefaults, def)) return NULL;
            } else {
                if (def) {
                    seen_default = true;
                    if (!p_vec_push(p, &defaults, def)) return NULL;
                } else if (seen_default && (p_is_op(p, OP_COMMA) || p_is_op(p, close_op))) {
                    AstPos ap = arg.pos;
                    return p_error_node(p, ap, "non-default argument follows default argument");
                }
                if (!p_arg_push(p, &pos, arg)) return NULL;
            }
        }
        if (!p_is_op(p, close_op)) {
            if (!p_is_op(p, OP_COMMA)) {
                if (lambda && p_is_op(p, OP_LPAR)) return p_syntax_error(p);
                return p_syntax_error(p);
            }
            p_next(p);
        }
    }
    if (seen_star && !a->vararg && kwonly.len == 0) return p_syntax_error(p);
    a->posonly = pos.items;
    a->nposonly = nposonly;
    a->args = pos.items ? pos.items + nposonly : NULL;
    a->nargs = pos.len - nposonly;
    a->kwonly = kwonly.items;
    a->nkwonly = kwonly.len;
    a->kw_defaults = kwdefaults.items;
    a->defaults = p_vec_list(&defaults);
    return a;
}
