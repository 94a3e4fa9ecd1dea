/* parser_match.c: the match statement (PEP 634) after CPython 3.11's grammar: the subject,
 * the case blocks with their guards and the pattern sublanguage (literal, capture, wildcard,
 * value, group, sequence, mapping, class, or and as patterns). `match`, `case` and `_` are
 * soft keywords. Checks that need the whole pattern (names bound twice, or-alternatives
 * binding different names, irrefutable patterns before others) are the compiler's, as in
 * CPython (compile_match.c). */
#include <string.h>

#include "parser.h"

static AstPattern *m_pattern(Parser *p);
static AstPattern *m_closed(Parser *p);

static AstPattern *m_new(Parser *p, AstPatternKind kind, Token *start) {
    AstPattern *pt = ast_alloc(p->arena, sizeof *pt);
    if (!pt) return p_nomem(p);
    pt->kind = kind;
    pt->pos.line = start->line;
    pt->pos.col = start->col;
    pt->pos.end_line = start->end_line;
    pt->pos.end_col = start->end_col;
    return pt;
}

static void m_end(Parser *p, AstPattern *pt) {
    p_set_end(p, &pt->pos);
}

static bool m_list(Parser *p, ExprVec *v, AstPattern ***items, int *n) {
    AstExprList l = p_vec_list(v);
    *items = (AstPattern **)l.items;
    *n = l.len;
    (void)p;
    return true;
}

/* `match` is a soft keyword: a statement is a match statement when `match subject:` follows
 * with a new line. */
bool p_is_match_stmt(Parser *p) {
    if (!p_is_name(p, "match")) return false;
    Token *n = p_peek_at(p, 1);
    if (n->type == TK_NEWLINE ||
        (n->type == TK_OP && n->op != OP_LPAR && n->op != OP_LSQB && n->op != OP_LBRACE &&
         n->op != OP_MINUS && n->op != OP_STAR && n->op != OP_TILDE && n->op != OP_PLUS))
        return false;
    int save = p->pos, depth = p->depth;
    SyntaxErrorInfo saved = *p->err;
    bool failed = p->failed;
    p_next(p);
    AstExpr *subj = p_star_expressions(p);
    bool ok = subj && !p->failed && p_is_op(p, OP_COLON) && p_peek_at(p, 1)->type == TK_NEWLINE;
    *p->err = saved;
    p->failed = failed;
    p->pos = save;
    p->depth = depth;
    return ok;
}

static bool is_name_tok(Token *t) {
    return t->type == TK_NAME && t->op == 0;
}

static bool tok_is(Token *t, const char *s) {
    return is_name_tok(t) && (size_t)t->len == strlen(s) && memcmp(t->start, s, t->len) == 0;
}

static bool tok_op(Token *t, int op) {
    return t->type == TK_OP && t->op == op;
}

/* NAME ('.' NAME)*: a name or a dotted attribute chain, as an expression. */
static AstExpr *m_name_or_attr(Parser *p) {
    Token *t = p_next(p);
    AstExpr *e = p_new_expr(p, EXPR_NAME, t);
    if (!e || !(e->u.name.id = p_token_str(p, t))) return NULL;
    while (p_is_op(p, OP_DOT)) {
        p_next(p);
        Token *n = p_peek(p);
        if (n->type != TK_NAME) return p_syntax_error(p);
        p_next(p);
        AstExpr *a = p_new_expr(p, EXPR_ATTRIBUTE, t);
        if (!a) return NULL;
        a->u.attribute.value = e;
        if (!(a->u.attribute.attr = p_token_str(p, n))) return NULL;
        p_set_end(p, &a->pos);
        e = a;
    }
    return e;
}

/* A capture target after `as`, `*` or `**`: a NAME that is not `_`. */
static const char *m_capture_target(Parser *p, bool allow_wildcard) {
    Token *t = p_peek(p);
    if (!is_name_tok(t)) return p_syntax_error(p);
    if (tok_is(t, "_")) {
        if (!allow_wildcard) return p_error_tok(p, t, "cannot use '_' as a target");
        p_next(p);
        return "_";
    }
    p_next(p);
    return p_token_str(p, t);
}

/* signed_number, strings, None/True/False: the literal of a literal pattern or a key. */
static AstExpr *m_literal(Parser *p) {
    Token *t = p_peek(p);
    if (t->type == TK_STRING) return p_strings(p);
    if (tok_op(t, OP_MINUS)) {
        p_next(p);
        Token *n = p_peek(p);
        if (n->type != TK_NUMBER) return p_syntax_error(p);
        p_next(p);
        AstExpr *num = p_number(p, n);
        AstExpr *u = p_new_expr(p, EXPR_UNARYOP, t);
        if (!num || !u) return NULL;
        u->u.unary.op = AST_USUB;
        u->u.unary.operand = num;
        p_set_end(p, &u->pos);
        return u;
    }
    if (t->type == TK_NUMBER) {
        p_next(p);
        return p_number(p, t);
    }
    AstExpr *e = p_new_expr(p, EXPR_CONSTANT, t);
    if (!e) return NULL;
    p_next(p);
    e->u.constant.kind = t->op == KW_NONE   ? CONST_NONE
                         : t->op == KW_TRUE ? CONST_TRUE
                                            : CONST_FALSE;
    return e;
}

static bool starts_literal(Token *t) {
    return t->type == TK_STRING || t->type == TK_NUMBER || tok_op(t, OP_MINUS) ||
           (t->type == TK_NAME && (t->op == KW_NONE || t->op == KW_TRUE || t->op == KW_FALSE));
}

/* maybe_star_pattern: `*name`, `*_` or a pattern. */
static AstPattern *m_maybe_star(Parser *p) {
    Token *t = p_peek(p);
    if (tok_op(t, OP_STAR)) {
        p_next(p);
        AstPattern *s = m_new(p, PAT_STAR, t);
        const char *n = m_capture_target(p, true);
        if (!s || !n) return NULL;
        s->name = strcmp(n, "_") == 0 ? NULL : n;
        m_end(p, s);
        return s;
    }
    return m_pattern(p);
}

/* The items of a sequence pattern up to close (']' or ')'); *had_comma tells `(x)` (a group)
 * from `(x,)`. */
static bool m_sequence_items(Parser *p, int close, ExprVec *items, bool *had_comma) {
    *had_comma = false;
    while (!p_is_op(p, close)) {
        AstPattern *it = m_maybe_star(p);
        if (!it || !p_vec_push(p, items, it)) return false;
        if (!p_accept_op(p, OP_COMMA)) break;
        *had_comma = true;
    }
    if (!p_is_op(p, close)) {
        p_syntax_error(p);
        return false;
    }
    p_next(p);
    return true;
}

static AstPattern *m_mapping(Parser *p, Token *t) {
    p_next(p); /* { */
    AstPattern *m = m_new(p, PAT_MAPPING, t);
    if (!m) return NULL;
    ExprVec keys = {0}, pats = {0};
    while (!p_is_op(p, OP_RBRACE)) {
        Token *k = p_peek(p);
        if (tok_op(k, OP_DOUBLESTAR)) {
            p_next(p);
            if (p_is_name(p, "_")) return p_syntax_error(p);
            const char *n = m_capture_target(p, false);
            if (!n) return NULL;
            m->rest = n;
            p_accept_op(p, OP_COMMA);
            if (!p_is_op(p, OP_RBRACE)) return p_syntax_error(p);
            break;
        }
        AstExpr *key;
        if (starts_literal(k))
            key = m_literal(p);
        else if (is_name_tok(k) && tok_op(p_peek_at(p, 1), OP_DOT))
            key = m_name_or_attr(p);
        else
            return p_syntax_error(p);
        if (!key) return NULL;
        if (!p_accept_op(p, OP_COLON)) return p_syntax_error(p);
        AstPattern *v = m_pattern(p);
        if (!v || !p_vec_push(p, &keys, key) || !p_vec_push(p, &pats, v)) return NULL;
        if (!p_accept_op(p, OP_COMMA)) break;
    }
    if (!p_accept_op(p, OP_RBRACE)) return p_syntax_error(p);
    AstExprList kl = p_vec_list(&keys);
    m->keys = kl.items;
    m_list(p, &pats, &m->patterns, &m->npatterns);
    m_end(p, m);
    return m;
}

static AstPattern *m_class(Parser *p, Token *t, AstExpr *cls) {
    p_next(p); /* ( */
    AstPattern *c = m_new(p, PAT_CLASS, t);
    if (!c) return NULL;
    c->value = cls;
    ExprVec pos = {0}, kw = {0}, kwnames = {0};
    while (!p_is_op(p, OP_RPAR)) {
        Token *a = p_peek(p);
        if (is_name_tok(a) && tok_op(p_peek_at(p, 1), OP_EQUAL)) {
            p_next(p);
            p_next(p);
            AstPattern *v = m_pattern(p);
            const char *n = p_token_str(p, a);
            if (!v || !n || !p_vec_push(p, &kwnames, (void *)n) || !p_vec_push(p, &kw, v))
                return NULL;
        } else {
            AstPattern *v = m_pattern(p);
            if (!v) return NULL;
            if (kw.len)
                return p_error_node(p, v->pos, "positional patterns follow keyword patterns");
            if (!p_vec_push(p, &pos, v)) return NULL;
        }
        if (!p_accept_op(p, OP_COMMA)) break;
    }
    if (!p_accept_op(p, OP_RPAR)) return p_syntax_error(p);
    m_list(p, &pos, &c->patterns, &c->npatterns);
    AstExprList nl = p_vec_list(&kwnames);
    c->kwd_attrs = (const char **)nl.items;
    m_list(p, &kw, &c->kwd_patterns, &c->nkwd);
    m_end(p, c);
    return c;
}

static AstPattern *m_closed_inner(Parser *p) {
    Token *t = p_peek(p);
    if (starts_literal(t)) {
        bool singleton = t->type == TK_NAME;
        AstExpr *v = m_literal(p);
        if (!v) return NULL;
        if (p_is_op(p, OP_PLUS) || p_is_op(p, OP_MINUS))
            return p_error_tok(p, p_peek_at(p, 1), "imaginary number required in complex literal");
        AstPattern *pt = m_new(p, singleton ? PAT_SINGLETON : PAT_VALUE, t);
        if (!pt) return NULL;
        pt->value = v;
        m_end(p, pt);
        return pt;
    }
    if (is_name_tok(t)) {
        Token *n = p_peek_at(p, 1);
        if (tok_op(n, OP_DOT) || tok_op(n, OP_LPAR)) {
            AstExpr *e = m_name_or_attr(p);
            if (!e) return NULL;
            if (p_is_op(p, OP_LPAR)) return m_class(p, t, e);
            AstPattern *pt = m_new(p, PAT_VALUE, t);
            if (!pt) return NULL;
            pt->value = e;
            m_end(p, pt);
            return pt;
        }
        p_next(p);
        AstPattern *pt = m_new(p, PAT_AS, t);
        if (!pt) return NULL;
        if (!tok_is(t, "_") && !(pt->name = p_token_str(p, t))) return NULL;
        return pt;
    }
    if (tok_op(t, OP_LSQB) || tok_op(t, OP_LPAR)) {
        int close = tok_op(t, OP_LSQB) ? OP_RSQB : OP_RPAR;
        p_next(p);
        ExprVec items = {0};
        bool comma;
        if (!m_sequence_items(p, close, &items, &comma)) return NULL;
        if (close == OP_RPAR && items.len == 1 && !comma &&
            ((AstPattern *)items.items[0])->kind != PAT_STAR) {
            AstPattern *g = (AstPattern *)items.items[0]; /* a group pattern */
            return g;
        }
        AstPattern *s = m_new(p, PAT_SEQUENCE, t);
        if (!s) return NULL;
        m_list(p, &items, &s->patterns, &s->npatterns);
        m_end(p, s);
        return s;
    }
    if (tok_op(t, OP_LBRACE)) return m_mapping(p, t);
    return p_syntax_error(p);
}

static AstPattern *m_closed(Parser *p) {
    if (!p_enter(p)) return NULL;
    AstPattern *r = m_closed_inner(p);
    p_leave(p);
    return r;
}

/* or_pattern ['as' NAME] */
static AstPattern *m_pattern(Parser *p) {
    Token *t = p_peek(p);
    AstPattern *first = m_closed(p);
    if (!first) return NULL;
    if (p_is_op(p, OP_VBAR)) {
        ExprVec alts = {0};
        if (!p_vec_push(p, &alts, first)) return NULL;
        while (p_accept_op(p, OP_VBAR)) {
            AstPattern *a = m_closed(p);
            if (!a || !p_vec_push(p, &alts, a)) return NULL;
        }
        AstPattern *o = m_new(p, PAT_OR, t);
        if (!o) return NULL;
        m_list(p, &alts, &o->patterns, &o->npatterns);
        m_end(p, o);
        first = o;
    }
    if (p_is_kw(p, KW_AS)) {
        p_next(p);
        Token *n = p_peek(p);
        if (tok_is(n, "_")) return p_error_tok(p, n, "cannot use '_' as a target");
        if (!is_name_tok(n)) {
            AstExpr *e = p_expression(p);
            if (!e) return NULL;
            return p_error_node(p, e->pos, "invalid pattern target");
        }
        if (tok_op(p_peek_at(p, 1), OP_DOT) || tok_op(p_peek_at(p, 1), OP_LPAR)) {
            p_next(p);
            return p_syntax_error(p);
        }
        p_next(p);
        AstPattern *a = m_new(p, PAT_AS, t);
        if (!a || !(a->name = p_token_str(p, n))) return NULL;
        a->pattern = first;
        m_end(p, a);
        return a;
    }
    return first;
}

/* patterns: an open sequence (`case a, *b:`) or one pattern. */
static AstPattern *m_patterns(Parser *p) {
    Token *t = p_peek(p);
    AstPattern *first = m_maybe_star(p);
    if (!first) return NULL;
    if (!p_is_op(p, OP_COMMA)) return first->kind == PAT_STAR ? p_syntax_error(p) : first;
    ExprVec items = {0};
    if (!p_vec_push(p, &items, first)) return NULL;
    while (p_accept_op(p, OP_COMMA)) {
        if (p_is_op(p, OP_COLON) || p_is_kw(p, KW_IF)) break;
        AstPattern *it = m_maybe_star(p);
        if (!it || !p_vec_push(p, &items, it)) return NULL;
    }
    AstPattern *s = m_new(p, PAT_SEQUENCE, t);
    if (!s) return NULL;
    m_list(p, &items, &s->patterns, &s->npatterns);
    m_end(p, s);
    return s;
}

AstStmt *p_match_stmt(Parser *p, Token *t) {
    p_next(p); /* match */
    AstStmt *s = p_new_stmt(p, STMT_MATCH, t);
    if (!s) return NULL;
    if (!(s->u.match.subject = p_star_expressions(p))) return NULL;
    if (!p_accept_op(p, OP_COLON)) return p_syntax_error(p);
    if (p_peek(p)->type != TK_NEWLINE) return p_syntax_error(p);
    p_next(p);
    if (p_peek(p)->type != TK_INDENT)
        return p_error_at(p, "IndentationError", p_peek(p)->line, p_peek(p)->col,
                          p_peek(p)->end_line, -1,
                          "expected an indented block after 'match' statement on line %d", t->line);
    p_next(p);
    ExprVec cases = {0};
    while (p_is_name(p, "case")) {
        Token *ct = p_next(p);
        AstMatchCase *mc = ast_alloc(p->arena, sizeof *mc);
        if (!mc) return p_nomem(p);
        if (!(mc->pattern = m_patterns(p))) return NULL;
        if (p_accept_kw(p, KW_IF) && !(mc->guard = p_named_expression(p))) return NULL;
        if (!p_accept_op(p, OP_COLON)) {
            if (p_peek(p)->type == TK_NEWLINE) return p_error_tok(p, p_peek(p), "expected ':'");
            return p_syntax_error(p);
        }
        mc->body = p_block(p, ct, "'case' statement");
        if (p->failed) return NULL;
        if (mc->body.len) {
            AstStmt *last = mc->body.items[mc->body.len - 1];
            s->pos.end_line = last->pos.end_line;
            s->pos.end_col = last->pos.end_col;
        }
        if (!p_vec_push(p, &cases, mc)) return NULL;
    }
    if (!cases.len || p_peek(p)->type != TK_DEDENT) return p_syntax_error(p);
    p_next(p);
    s->u.match.cases = ast_alloc(p->arena, sizeof(AstMatchCase) * cases.len);
    if (!s->u.match.cases) return p_nomem(p);
    for (int i = 0; i < cases.len; i++)
        s->u.match.cases[i] = *(AstMatchCase *)cases.items[i];
    s->u.match.ncases = cases.len;
    return s;
}
