/* parser_stmt.c: statements and blocks, after CPython 3.11's grammar. Compound statements
 * check for the common mistakes CPython names (a missing ':', a missing indented block),
 * simple statements turn the expression on the left of '=' into a target (setting Store
 * ctx) or raise CPython's "cannot assign to ..." errors. */
#include "parser.h"

#include <string.h>

#include "../vm/object.h"

static AstStmt *p_compound_or_simple(Parser *p, ExprVec *out);
static bool p_simple_stmts(Parser *p, ExprVec *out);

static void p_stmt_end(Parser *p, AstStmt *s) {
    p_set_end(p, &s->pos);
}

static void p_block_end(AstStmt *s, AstStmtList body) {
    if (body.len) {
        s->pos.end_line = body.items[body.len - 1]->pos.end_line;
        s->pos.end_col = body.items[body.len - 1]->pos.end_col;
    }
}

/* ':' after a compound statement header: CPython says "expected ':'" when the line ends
 * there, "invalid syntax" otherwise. */
static bool p_expect_colon(Parser *p) {
    if (p_accept_op(p, OP_COLON)) return true;
    if (p_peek(p)->type == TK_NEWLINE)
        p_error_tok(p, p_peek(p), "expected ':'");
    else
        p_syntax_error(p);
    return false;
}

/* CPython's forced token (&&':' in the grammar: def, try, finally, else): anything else
 * there is "expected ':'" at that token. */
static bool p_force_colon(Parser *p) {
    if (p_accept_op(p, OP_COLON)) return true;
    Token *t = p_peek(p);
    if (t->type == TK_ERROR || t->type == TK_INDENT || t->type == TK_DEDENT)
        p_syntax_error(p);
    else
        p_error_tok(p, t, "expected ':'");
    return false;
}

/* `if x = 1:` and friends: CPython's invalid_named_expression. */
void p_check_stray_equal(Parser *p, AstExpr *e) {
    if (!e || p->failed || !p_is_op(p, OP_EQUAL)) return;
    if (e->kind == EXPR_LIST || e->kind == EXPR_TUPLE || e->kind == EXPR_GENEXP ||
        e->kind == EXPR_COMPARE || e->kind == EXPR_BOOLOP || e->kind == EXPR_IFEXP ||
        e->kind == EXPR_LAMBDA || e->kind == EXPR_NAMEDEXPR ||
        (e->kind == EXPR_UNARYOP && e->u.unary.op == AST_NOT) ||
        (e->kind == EXPR_CONSTANT &&
         (e->u.constant.kind == CONST_TRUE || e->u.constant.kind == CONST_FALSE ||
          e->u.constant.kind == CONST_NONE)))
        return;
    int save = p->pos;
    p_next(p);
    SyntaxErrorInfo saved = *p->err;
    bool failed = p->failed;
    AstExpr *b = p_bitwise_or(p);
    bool ok = b && !p->failed && !p_is_op(p, OP_EQUAL) && !p_is_op(p, OP_COLONEQUAL);
    *p->err = saved;
    p->failed = failed;
    p->pos = save;
    if (!ok) return;
    if (e->kind == EXPR_NAME)
        p_error_at(p, "SyntaxError", e->pos.line, e->pos.col, b->pos.end_line, b->pos.end_col,
                   "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
    else
        p_error_node(p, e->pos, "cannot assign to %s here. Maybe you meant '==' instead of '='?",
                     p_expr_name(e));
}

AstStmtList p_block(Parser *p, Token *header, const char *what) {
    AstStmtList list = {0};
    ExprVec v = {0};
    if (p->failed) return list;
    if (p_peek(p)->type == TK_NEWLINE) {
        p_next(p);
        Token *t = p_peek(p);
        if (t->type != TK_INDENT) {
            if (t->type == TK_ERROR) {
                p_syntax_error(p);
                return list;
            }
            Token *at = t;
            if (t->type == TK_ENDMARKER || (t->type == TK_DEDENT && t->start >= p->lx.end)) {
                at = p_prev(p);
                /* a last line of only blanks: CPython points past it */
                const char *e = p->lx.end, *ls;
                if (e > p->lx.src && e[-1] == '\n') e--;
                ls = e;
                while (ls > p->lx.src && ls[-1] != '\n')
                    ls--;
                bool blanks = ls < e;
                for (const char *q = ls; q < e; q++)
                    if (*q != ' ' && *q != '\t' && *q != '\014') blanks = false;
                if (blanks) {
                    int line = 1;
                    for (const char *q = p->lx.src; q < ls; q++)
                        line += *q == '\n';
                    p_error_at(p, "IndentationError", line, (int)(e - ls), line, -1,
                               "expected an indented block after %s on line %d", what,
                               header->line);
                    return list;
                }
            } else if (t->type == TK_DEDENT) {
                /* CPython places it after the new line's indentation (offset = its width) */
                const char *ls = lex_line_ptr_public(&p->lx, t->line), *q = ls;
                while (q < p->lx.end && (*q == ' ' || *q == '\t' || *q == '\014'))
                    q++;
                p_error_at(p, "IndentationError", t->line, (int)(q - ls) - 1, t->line, -1,
                           "expected an indented block after %s on line %d", what, header->line);
                return list;
            }
            p_error_at(p, "IndentationError", at->line, at->col, at->end_line, at->end_col,
                       "expected an indented block after %s on line %d", what, header->line);
            return list;
        }
        p_next(p);
        if (!p_statements_until(p, &v, TK_DEDENT)) return list;
        p_next(p); /* DEDENT */
    } else {
        if (!p_simple_stmts(p, &v)) return list;
    }
    list.items = (AstStmt **)v.items;
    list.len = v.len;
    return list;
}

/* ---- simple statements ---- */

static const char *p_dotted_name(Parser *p) {
    Token *t = p_peek(p);
    if (t->type != TK_NAME || t->op) return p_syntax_error(p);
    p_next(p);
    const char *start = t->start;
    Token *last = t;
    while (p_is_op(p, OP_DOT)) {
        Token *n = p_peek_at(p, 1);
        if (n->type != TK_NAME || n->op) {
            p_next(p);
            return p_syntax_error(p);
        }
        p_next(p);
        p_next(p);
        last = n;
    }
    if (last == t) return p_token_str(p, t);
    /* rebuild without whitespace between the parts */
    size_t cap = (size_t)(last->start + last->len - start) + 1;
    char *buf = ast_alloc(p->arena, cap);
    if (!buf) return p_nomem(p);
    size_t n = 0;
    for (int i = t->index; i <= last->index; i++) {
        Token *k = P_TOK(p, i);
        memcpy(buf + n, k->start, k->len);
        n += k->len;
    }
    buf[n] = 0;
    return buf;
}

static bool p_alias(Parser *p, AstAlias *a, bool dotted) {
    Token *t = p_peek(p);
    a->pos.line = t->line;
    a->pos.col = t->col;
    if (dotted) {
        a->name = p_dotted_name(p);
    } else {
        if (t->type != TK_NAME || t->op) return p_syntax_error(p), false;
        p_next(p);
        a->name = p_token_str(p, t);
    }
    if (!a->name) return false;
    if (p_accept_kw(p, KW_AS)) {
        Token *n = p_peek(p);
        if (n->type != TK_NAME || n->op) return p_syntax_error(p), false;
        p_next(p);
        a->asname = p_token_str(p, n);
    }
    p_set_end(p, &a->pos);
    return true;
}

static AstAlias *p_aliases(Parser *p, bool dotted, int *count, bool parens) {
    int cap = 4, n = 0;
    AstAlias *arr = ast_alloc(p->arena, sizeof(AstAlias) * cap);
    if (!arr) return p_nomem(p);
    for (;;) {
        if (n == cap) {
            AstAlias *na = ast_alloc(p->arena, sizeof(AstAlias) * cap * 2);
            if (!na) return p_nomem(p);
            memcpy(na, arr, sizeof(AstAlias) * n);
            arr = na;
            cap *= 2;
        }
        if (!p_alias(p, &arr[n], dotted)) return NULL;
        n++;
        if (!p_is_op(p, OP_COMMA)) break;
        Token *comma = p_next(p);
        if (parens && p_is_op(p, OP_RPAR)) break;
        if (!parens && !dotted && p_peek(p)->type == TK_NEWLINE)
            return p_error_tok(p, p_peek(p),
                               "trailing comma not allowed without surrounding "
                               "parentheses");
        (void)comma;
    }
    *count = n;
    return arr;
}

static AstStmt *p_import_from(Parser *p, Token *t) {
    AstStmt *s = p_new_stmt(p, STMT_IMPORTFROM, t);
    if (!s) return NULL;
    int level = 0;
    for (;;) {
        if (p_accept_op(p, OP_DOT))
            level++;
        else if (p_accept_op(p, OP_ELLIPSIS))
            level += 3;
        else
            break;
    }
    if (!p_is_kw(p, KW_IMPORT) || level == 0) {
        s->u.import.module = p_dotted_name(p);
        if (!s->u.import.module) return NULL;
    }
    s->u.import.level = level;
    if (!p_accept_kw(p, KW_IMPORT)) return p_syntax_error(p);
    if (p_is_op(p, OP_STAR)) {
        Token *st = p_next(p);
        AstAlias *a = ast_alloc(p->arena, sizeof *a);
        if (!a) return p_nomem(p);
        a->name = "*";
        a->pos.line = st->line;
        a->pos.col = st->col;
        a->pos.end_line = st->end_line;
        a->pos.end_col = st->end_col;
        s->u.import.names = a;
        s->u.import.nnames = 1;
    } else if (p_accept_op(p, OP_LPAR)) {
        s->u.import.names = p_aliases(p, false, &s->u.import.nnames, true);
        if (!s->u.import.names || !p_expect_op(p, OP_RPAR)) return NULL;
    } else {
        s->u.import.names = p_aliases(p, false, &s->u.import.nnames, false);
        if (!s->u.import.names) return NULL;
    }
    p_stmt_end(p, s);
    return s;
}

static AstStmt *p_names_stmt(Parser *p, Token *t, AstStmtKind kind) {
    AstStmt *s = p_new_stmt(p, kind, t);
    if (!s) return NULL;
    ExprVec v = {0};
    do {
        Token *n = p_peek(p);
        if (n->type != TK_NAME || n->op) return p_syntax_error(p);
        p_next(p);
        const char *name = p_token_str(p, n);
        if (!name || !p_vec_push(p, &v, (void *)name)) return NULL;
    } while (p_accept_op(p, OP_COMMA));
    s->u.names.names = (const char **)v.items;
    s->u.names.nnames = v.len;
    p_stmt_end(p, s);
    return s;
}

static int p_augassign_op(Token *t) {
    if (t->type != TK_OP) return -1;
    switch (t->op) {
    case OP_PLUSEQUAL: return BIN_ADD;
    case OP_MINEQUAL: return BIN_SUB;
    case OP_STAREQUAL: return BIN_MUL;
    case OP_ATEQUAL: return BIN_MATMUL;
    case OP_SLASHEQUAL: return BIN_TRUEDIV;
    case OP_DOUBLESLASHEQUAL: return BIN_FLOORDIV;
    case OP_PERCENTEQUAL: return BIN_MOD;
    case OP_DOUBLESTAREQUAL: return BIN_POW;
    case OP_LSHIFTEQUAL: return BIN_LSHIFT;
    case OP_RSHIFTEQUAL: return BIN_RSHIFT;
    case OP_AMPEREQUAL: return BIN_AND;
    case OP_VBAREQUAL: return BIN_OR;
    case OP_CIRCUMFLEXEQUAL: return BIN_XOR;
    default: return -1;
    }
}

static AstExpr *p_rhs(Parser *p) {
    if (p_is_kw(p, KW_YIELD)) return p_yield_expr(p);
    return p_star_expressions(p);
}

/* CPython's invalid_named_expression fires on `a = b` where a is the bad target: is `bad`
 * directly followed by '=' and a bitwise_or that is not itself followed by '=' or ':='? */
static bool p_equal_follows(Parser *p, Token *stmt_start, AstExpr *bad) {
    int i = stmt_start->index;
    for (; i < p->ntoks; i++) {
        Token *k = P_TOK(p, i);
        if (k->line > bad->pos.end_line ||
            (k->line == bad->pos.end_line && k->col >= bad->pos.end_col))
            break;
    }
    if (i >= p->ntoks) return false;
    Token *eq = P_TOK(p, i);
    if (eq->type != TK_OP || eq->op != OP_EQUAL) return false;
    int save = p->pos, depth = p->depth;
    SyntaxErrorInfo saved = *p->err;
    bool failed = p->failed;
    p->pos = i + 1;
    AstExpr *b = p_bitwise_or(p);
    bool ok = b && !p->failed && !p_is_op(p, OP_EQUAL) && !p_is_op(p, OP_COLONEQUAL);
    *p->err = saved;
    p->failed = failed;
    p->pos = save;
    p->depth = depth;
    return ok;
}

/* Could `e` be CPython's `a` in invalid_named_expression (a bitwise_or, not a display)? */
static bool p_is_plain_bitwise_or(AstExpr *e) {
    switch (e->kind) {
    case EXPR_LIST:
    case EXPR_TUPLE:
    case EXPR_GENEXP:
    case EXPR_COMPARE:
    case EXPR_BOOLOP:
    case EXPR_IFEXP:
    case EXPR_LAMBDA:
    case EXPR_NAMEDEXPR:
    case EXPR_STARRED:
    case EXPR_YIELD:
    case EXPR_YIELDFROM: return false;
    case EXPR_UNARYOP: return e->u.unary.op != AST_NOT;
    case EXPR_CONSTANT:
        return !(e->u.constant.kind == CONST_TRUE || e->u.constant.kind == CONST_FALSE ||
                 e->u.constant.kind == CONST_NONE);
    default: return true;
    }
}

static AstStmt *p_expr_stmt(Parser *p, Token *t) {
    AstExpr *first = p_is_kw(p, KW_YIELD) ? p_yield_expr(p) : p_star_expressions(p);
    if (!first) return NULL;
    Token *nt = p_peek(p);
    if (p_is_op(p, OP_COLON) && first->kind != EXPR_NAME && first->kind != EXPR_ATTRIBUTE &&
        first->kind != EXPR_SUBSCRIPT) {
        /* CPython names the bad target only when an annotation follows the ':' */
        int save = p->pos, depth = p->depth;
        SyntaxErrorInfo saved = *p->err;
        p_next(p);
        Token *after = p_peek(p);
        AstExpr *ann = p_expression(p);
        bool ok = ann && !p->failed;
        *p->err = saved;
        p->failed = false;
        p->depth = depth;
        if (!ok) {
            p->pos = save; /* CPython stops at the ':' */
            (void)after;
            return p_syntax_error(p);
        }
        p->pos = save;
    }
    if (p_is_op(p, OP_COLON)) {
        if (first->kind == EXPR_TUPLE || first->kind == EXPR_LIST)
            return p_error_node(p, first->pos, "only single target (not %s) can be annotated",
                                first->kind == EXPR_TUPLE ? "tuple" : "list");
        if (first->kind != EXPR_NAME && first->kind != EXPR_ATTRIBUTE &&
            first->kind != EXPR_SUBSCRIPT)
            return p_error_node(p, first->pos, "illegal target for annotation");
        p_next(p);
        AstStmt *s = p_new_stmt(p, STMT_ANNASSIGN, t);
        if (!s) return NULL;
        s->u.annassign.target = first;
        s->u.annassign.simple = first->kind == EXPR_NAME && !(t->type == TK_OP && t->op == OP_LPAR);
        p_set_ctx(first, CTX_STORE);
        if (!(s->u.annassign.annotation = p_expression(p))) return NULL;
        if (p_accept_op(p, OP_EQUAL)) {
            if (!(s->u.annassign.value = p_rhs(p))) return NULL;
        }
        p_stmt_end(p, s);
        return s;
    }
    int aug = p_augassign_op(nt);
    if (aug >= 0) {
        if (first->kind != EXPR_NAME && first->kind != EXPR_ATTRIBUTE &&
            first->kind != EXPR_SUBSCRIPT)
            return p_error_node(p, first->pos,
                                "'%s' is an illegal expression for augmented assignment",
                                p_expr_name(first));
        p_next(p);
        AstStmt *s = p_new_stmt(p, STMT_AUGASSIGN, t);
        if (!s) return NULL;
        p_set_ctx(first, CTX_STORE);
        s->u.augassign.target = first;
        s->u.augassign.op = aug;
        if (!(s->u.augassign.value = p_rhs(p))) return NULL;
        p_stmt_end(p, s);
        return s;
    }
    if (p_is_op(p, OP_EQUAL)) {
        ExprVec targets = {0};
        AstExpr *cur = first;
        while (p_is_op(p, OP_EQUAL)) {
            AstExpr *tg = cur;
            int i = targets.len;
            if (tg->kind == EXPR_YIELD || tg->kind == EXPR_YIELDFROM)
                return p_error_node(p, tg->pos, "assignment to yield expression not possible");
            AstExpr *bad = p_invalid_target(tg, TARGETS_STAR);
            if (bad) {
                if (i == 0 && p_is_plain_bitwise_or(bad) && p_equal_follows(p, t, bad))
                    return p_error_node(p, bad->pos,
                                        "cannot assign to %s here. Maybe you meant '==' instead "
                                        "of '='?",
                                        p_expr_name(bad));
                return p_error_node(p, bad->pos, "cannot assign to %s", p_expr_name(bad));
            }
            p_next(p);
            if (!p_vec_push(p, &targets, tg) || !(cur = p_rhs(p))) return NULL;
        }
        AstStmt *s = p_new_stmt(p, STMT_ASSIGN, t);
        if (!s) return NULL;
        for (int i = 0; i < targets.len; i++)
            p_set_ctx(targets.items[i], CTX_STORE);
        s->u.assign.targets = p_vec_list(&targets);
        s->u.assign.value = cur;
        p_stmt_end(p, s);
        return s;
    }
    if (nt->type != TK_NEWLINE && !p_is_op(p, OP_SEMI)) {
        if (first->kind == EXPR_NAME && p_starts_expression(nt) &&
            (strcmp(first->u.name.id, "print") == 0 || strcmp(first->u.name.id, "exec") == 0)) {
            int save = p->pos;
            SyntaxErrorInfo saved = *p->err;
            AstExpr *arg = p_star_expressions(p);
            bool ok = arg && !p->failed;
            AstPos ap = ok ? arg->pos : first->pos;
            *p->err = saved;
            p->failed = false;
            p->pos = save;
            if (ok)
                return p_error_at(p, "SyntaxError", first->pos.line, first->pos.col, ap.end_line,
                                  ap.end_col,
                                  "Missing parentheses in call to '%s'. Did you mean %s(...)?",
                                  first->u.name.id, first->u.name.id);
        }
        return p_syntax_error(p);
    }
    AstStmt *s = p_new_stmt(p, STMT_EXPR, t);
    if (!s) return NULL;
    s->u.value.value = first;
    p_stmt_end(p, s);
    return s;
}

static AstStmt *p_simple_stmt(Parser *p) {
    Token *t = p_peek(p);
    AstStmt *s;
    if (t->type == TK_NAME) {
        switch (t->op) {
        case KW_PASS:
        case KW_BREAK:
        case KW_CONTINUE:
            p_next(p);
            return p_new_stmt(p,
                              t->op == KW_PASS    ? STMT_PASS
                              : t->op == KW_BREAK ? STMT_BREAK
                                                  : STMT_CONTINUE,
                              t);
        case KW_RETURN:
            p_next(p);
            if (!(s = p_new_stmt(p, STMT_RETURN, t))) return NULL;
            if (p_starts_expression(p_peek(p)) || p_is_op(p, OP_STAR) || p_is_kw(p, KW_YIELD)) {
                if (!(s->u.value.value = p_star_expressions(p))) return NULL;
            }
            p_stmt_end(p, s);
            return s;
        case KW_RAISE:
            p_next(p);
            if (!(s = p_new_stmt(p, STMT_RAISE, t))) return NULL;
            if (p_starts_expression(p_peek(p))) {
                if (!(s->u.raise.exc = p_expression(p))) return NULL;
                if (p_accept_kw(p, KW_FROM) && !(s->u.raise.cause = p_expression(p))) return NULL;
            }
            p_stmt_end(p, s);
            return s;
        case KW_GLOBAL: p_next(p); return p_names_stmt(p, t, STMT_GLOBAL);
        case KW_NONLOCAL: p_next(p); return p_names_stmt(p, t, STMT_NONLOCAL);
        case KW_DEL: {
            p_next(p);
            if (!(s = p_new_stmt(p, STMT_DELETE, t))) return NULL;
            ExprVec v = {0};
            if (!p_del_targets(p, &v)) return NULL;
            for (int i = 0; i < v.len; i++) {
                if (!p_check_target(p, v.items[i], TARGETS_DEL)) return NULL;
                p_set_ctx(v.items[i], CTX_DEL);
            }
            if (p_peek(p)->type != TK_NEWLINE && !p_is_op(p, OP_SEMI)) return p_syntax_error(p);
            s->u.del.targets = p_vec_list(&v);
            p_stmt_end(p, s);
            return s;
        }
        case KW_ASSERT:
            p_next(p);
            if (!(s = p_new_stmt(p, STMT_ASSERT, t))) return NULL;
            if (!(s->u.assert_.test = p_expression(p))) return NULL;
            if (p_accept_op(p, OP_COMMA) && !(s->u.assert_.msg = p_expression(p))) return NULL;
            p_stmt_end(p, s);
            return s;
        case KW_IMPORT:
            p_next(p);
            if (!(s = p_new_stmt(p, STMT_IMPORT, t))) return NULL;
            if (!(s->u.import.names = p_aliases(p, true, &s->u.import.nnames, false))) return NULL;
            p_stmt_end(p, s);
            return s;
        case KW_FROM: p_next(p); return p_import_from(p, t);
        default: break;
        }
    }
    return p_expr_stmt(p, t);
}

static bool p_simple_stmts(Parser *p, ExprVec *out) {
    for (;;) {
        AstStmt *s = p_simple_stmt(p);
        if (!s || !p_vec_push(p, out, s)) return false;
        if (!p_accept_op(p, OP_SEMI)) break;
        if (p_peek(p)->type == TK_NEWLINE) break;
    }
    if (p_peek(p)->type != TK_NEWLINE) {
        p_syntax_error(p);
        return false;
    }
    p_next(p);
    return true;
}

/* ---- compound statements ---- */

static AstStmt *p_if_stmt(Parser *p, Token *t, const char *what) {
    p_next(p);
    AstStmt *s = p_new_stmt(p, STMT_IF, t);
    if (!s) return NULL;
    s->u.if_.test = p_named_expression(p);
    p_check_stray_equal(p, s->u.if_.test);
    if (!s->u.if_.test || !p_expect_colon(p)) return NULL;
    s->u.if_.body = p_block(p, t, what);
    if (p->failed) return NULL;
    p_block_end(s, s->u.if_.body);
    Token *e = p_peek(p);
    if (p_is_kw(p, KW_ELIF)) {
        AstStmt *elif = p_if_stmt(p, e, "'elif' statement");
        if (!elif) return NULL;
        AstStmt **one = ast_alloc(p->arena, sizeof *one);
        if (!one) return p_nomem(p);
        one[0] = elif;
        s->u.if_.orelse.items = one;
        s->u.if_.orelse.len = 1;
        p_block_end(s, s->u.if_.orelse);
    } else if (p_accept_kw(p, KW_ELSE)) {
        if (!p_force_colon(p)) return NULL;
        s->u.if_.orelse = p_block(p, e, "'else' statement");
        if (p->failed) return NULL;
        p_block_end(s, s->u.if_.orelse);
    }
    return s;
}

static bool p_else_block(Parser *p, AstStmt *s, AstStmtList *orelse) {
    Token *e = p_peek(p);
    if (p_accept_kw(p, KW_ELSE)) {
        if (!p_force_colon(p)) return false;
        *orelse = p_block(p, e, "'else' statement");
        if (p->failed) return false;
        p_block_end(s, *orelse);
    }
    return true;
}

static AstStmt *p_while_stmt(Parser *p, Token *t) {
    p_next(p);
    AstStmt *s = p_new_stmt(p, STMT_WHILE, t);
    if (!s) return NULL;
    s->u.while_.test = p_named_expression(p);
    p_check_stray_equal(p, s->u.while_.test);
    if (!s->u.while_.test || !p_expect_colon(p)) return NULL;
    s->u.while_.body = p_block(p, t, "'while' statement");
    if (p->failed) return NULL;
    p_block_end(s, s->u.while_.body);
    return p_else_block(p, s, &s->u.while_.orelse) ? s : NULL;
}

static AstStmt *p_for_stmt(Parser *p, Token *t, bool is_async) {
    p_next(p);
    AstStmt *s = p_new_stmt(p, STMT_FOR, t);
    if (!s) return NULL;
    s->u.for_.is_async = is_async;
    if (!(s->u.for_.target = p_star_targets(p))) return NULL;
    if (!p_accept_kw(p, KW_IN)) return p_syntax_error(p);
    if (!(s->u.for_.iter = p_star_expressions(p)) || !p_expect_colon(p)) return NULL;
    s->u.for_.body = p_block(p, t, "'for' statement");
    if (p->failed) return NULL;
    p_block_end(s, s->u.for_.body);
    return p_else_block(p, s, &s->u.for_.orelse) ? s : NULL;
}

static AstStmt *p_try_stmt(Parser *p, Token *t) {
    p_next(p);
    AstStmt *s = p_new_stmt(p, STMT_TRY, t);
    if (!s || !p_force_colon(p)) return NULL;
    s->u.try_.body = p_block(p, t, "'try' statement");
    if (p->failed) return NULL;
    p_block_end(s, s->u.try_.body);
    ExprVec hs = {0};
    while (p_is_kw(p, KW_EXCEPT)) {
        Token *et = p_next(p);
        AstHandler *h = ast_alloc(p->arena, sizeof *h);
        if (!h) return p_nomem(p);
        h->pos.line = et->line;
        h->pos.col = et->col;
        Token *star = p_peek(p);
        h->star = p_accept_op(p, OP_STAR);
        if (hs.len && h->star != ((AstHandler *)hs.items[0])->star) {
            if (h->star)
                return p_error_at(p, "SyntaxError", et->line, et->col, star->end_line,
                                  star->end_col,
                                  "cannot have both 'except' and 'except*' on the same 'try'");
            return p_error_tok(p, et, "cannot have both 'except' and 'except*' on the same 'try'");
        }
        if (h->star && (p_is_op(p, OP_COLON) || p_peek(p)->type == TK_NEWLINE))
            return p_error_tok(p, p_peek(p), "expected one or more exception types");
        if (p_peek(p)->type == TK_NEWLINE) return p_error_tok(p, p_peek(p), "expected ':'");
        if (!p_is_op(p, OP_COLON)) {
            if (!(h->type = p_expression(p))) return NULL;
            if (p_is_op(p, OP_COMMA)) {
                int save = p->pos;
                SyntaxErrorInfo saved = *p->err;
                p_next(p);
                AstExpr *more = p_expression(p);
                bool ok = more && !p->failed;
                while (ok && p_accept_op(p, OP_COMMA))
                    ok = (more = p_expression(p)) != NULL && !p->failed;
                ok = ok && (p_is_op(p, OP_COLON) || p_is_kw(p, KW_AS));
                AstPos mp = ok ? more->pos : h->type->pos;
                *p->err = saved;
                p->failed = false;
                p->pos = save;
                if (ok)
                    return p_error_at(p, "SyntaxError", h->type->pos.line, h->type->pos.col,
                                      mp.end_line, mp.end_col,
                                      "multiple exception types must be parenthesized");
                return p_syntax_error(p);
            }
            if (p_accept_kw(p, KW_AS)) {
                Token *n = p_peek(p);
                if (n->type != TK_NAME || n->op) return p_syntax_error(p);
                p_next(p);
                h->name = p_token_str(p, n);
            }
        }
        if (!p_expect_colon(p)) return NULL;
        h->body = p_block(p, et, h->star ? "'except*' statement" : "'except' statement");
        if (p->failed) return NULL;
        if (h->body.len) {
            h->pos.end_line = h->body.items[h->body.len - 1]->pos.end_line;
            h->pos.end_col = h->body.items[h->body.len - 1]->pos.end_col;
        }
        p_block_end(s, h->body);
        if (!p_vec_push(p, &hs, h)) return NULL;
    }
    s->u.try_.handlers = ast_alloc(p->arena, sizeof(AstHandler) * (hs.len ? hs.len : 1));
    if (!s->u.try_.handlers) return p_nomem(p);
    for (int i = 0; i < hs.len; i++)
        s->u.try_.handlers[i] = *(AstHandler *)hs.items[i];
    s->u.try_.nhandlers = hs.len;
    if (hs.len && !p_else_block(p, s, &s->u.try_.orelse)) return NULL;
    Token *f = p_peek(p);
    if (p_accept_kw(p, KW_FINALLY)) {
        if (!p_force_colon(p)) return NULL;
        s->u.try_.finalbody = p_block(p, f, "'finally' statement");
        if (p->failed) return NULL;
        p_block_end(s, s->u.try_.finalbody);
    } else if (hs.len == 0) {
        return p_error_tok(p, p_peek(p), "expected 'except' or 'finally' block");
    }
    return s;
}

static bool p_with_item(Parser *p, AstWithItem *it) {
    if (!(it->context_expr = p_expression(p))) return false;
    if (p_accept_kw(p, KW_AS)) {
        Token *st = p_peek(p);
        AstExpr *tg;
        if (p_is_op(p, OP_STAR)) {
            p_next(p);
            AstExpr *v = p_bitwise_or(p);
            if (!v || !(tg = p_new_expr(p, EXPR_STARRED, st))) return false;
            tg->u.starred.value = v;
            p_set_end(p, &tg->pos);
        } else {
            tg = p_bitwise_or(p);
        }
        if (!tg) return false;
        if (!p_is_op(p, OP_COMMA) && !p_is_op(p, OP_COLON) && !p_is_op(p, OP_RPAR)) {
            p_syntax_error(p);
            return false;
        }
        if (!p_check_target(p, tg, TARGETS_STAR)) return false;
        p_set_ctx(tg, CTX_STORE);
        it->optional_vars = tg;
    }
    return true;
}

static AstStmt *p_with_stmt(Parser *p, Token *t, bool is_async) {
    p_next(p);
    AstStmt *s = p_new_stmt(p, STMT_WITH, t);
    if (!s) return NULL;
    s->u.with.is_async = is_async;
    ExprVec items = {0};
    bool done = false;
    if (p_is_op(p, OP_LPAR)) {
        /* with (a as b, c as d): -- tried first, as in CPython; falls back to an expression */
        int save = p->pos;
        int depth = p->depth;
        SyntaxErrorInfo saved = *p->err;
        p_next(p);
        bool ok = true;
        while (ok && !p_is_op(p, OP_RPAR)) {
            AstWithItem *it = ast_alloc(p->arena, sizeof *it);
            ok = it && p_with_item(p, it) && p_vec_push(p, &items, it);
            if (ok && !p_accept_op(p, OP_COMMA)) break;
        }
        ok = ok && items.len > 0 && p_accept_op(p, OP_RPAR) && p_is_op(p, OP_COLON);
        if (ok) {
            done = true;
        } else {
            *p->err = saved;
            p->failed = false;
            p->pos = save;
            p->depth = depth;
            items.len = 0;
        }
    }
    if (!done) {
        do {
            AstWithItem *it = ast_alloc(p->arena, sizeof *it);
            if (!it) return p_nomem(p);
            if (!p_with_item(p, it) || !p_vec_push(p, &items, it)) return NULL;
        } while (p_accept_op(p, OP_COMMA));
    }
    if (!p_expect_colon(p)) return NULL;
    s->u.with.items = ast_alloc(p->arena, sizeof(AstWithItem) * items.len);
    if (!s->u.with.items) return p_nomem(p);
    for (int i = 0; i < items.len; i++)
        s->u.with.items[i] = *(AstWithItem *)items.items[i];
    s->u.with.nitems = items.len;
    s->u.with.body = p_block(p, t, "'with' statement");
    if (p->failed) return NULL;
    p_block_end(s, s->u.with.body);
    return s;
}

static AstStmt *p_funcdef(Parser *p, Token *t, bool is_async, AstExprList decorators) {
    Token *deft = p_next(p); /* def */
    AstStmt *s = p_new_stmt(p, STMT_FUNCTIONDEF, t);
    if (!s) return NULL;
    s->u.funcdef.is_async = is_async;
    s->u.funcdef.decorators = decorators;
    Token *n = p_peek(p);
    if (n->type != TK_NAME || n->op) return p_syntax_error(p);
    p_next(p);
    s->u.funcdef.name = p_token_str(p, n);
    if (!p_is_op(p, OP_LPAR)) return p_error_tok(p, p_peek(p), "expected '('");
    p_next(p);
    if (!(s->u.funcdef.args = p_parameters(p, false, OP_RPAR))) return NULL;
    p_next(p); /* ) */
    if (p_accept_op(p, OP_ARROW) && !(s->u.funcdef.returns = p_expression(p))) return NULL;
    if (!p_force_colon(p)) return NULL;
    (void)deft;
    s->u.funcdef.body = p_block(p, t, "function definition");
    if (p->failed) return NULL;
    p_block_end(s, s->u.funcdef.body);
    return s;
}

static AstStmt *p_classdef(Parser *p, Token *t, AstExprList decorators) {
    p_next(p);
    AstStmt *s = p_new_stmt(p, STMT_CLASSDEF, t);
    if (!s) return NULL;
    s->u.classdef.decorators = decorators;
    Token *n = p_peek(p);
    if (n->type != TK_NAME || n->op) return p_syntax_error(p);
    p_next(p);
    s->u.classdef.name = p_token_str(p, n);
    if (p_accept_op(p, OP_LPAR)) {
        AstExpr call;
        memset(&call, 0, sizeof call);
        if (!p_enter(p)) return NULL;
        bool ok = p_call_args(p, &call);
        p_leave(p);
        if (!ok) return NULL;
        s->u.classdef.bases = call.u.call.args;
        s->u.classdef.keywords = call.u.call.keywords;
        s->u.classdef.nkeywords = call.u.call.nkeywords;
    }
    if (!p_expect_colon(p)) return NULL;
    s->u.classdef.body = p_block(p, t, "class definition");
    if (p->failed) return NULL;
    p_block_end(s, s->u.classdef.body);
    return s;
}

static AstStmt *p_decorated(Parser *p) {
    ExprVec decs = {0};
    while (p_accept_op(p, OP_AT)) {
        AstExpr *e = p_named_expression(p);
        if (!e || !p_vec_push(p, &decs, e)) return NULL;
        if (p_peek(p)->type != TK_NEWLINE) return p_syntax_error(p);
        p_next(p);
    }
    Token *t = p_peek(p);
    if (p_is_kw(p, KW_DEF)) return p_funcdef(p, t, false, p_vec_list(&decs));
    if (p_is_kw(p, KW_CLASS)) return p_classdef(p, t, p_vec_list(&decs));
    if (p_is_kw(p, KW_ASYNC) && p_peek_at(p, 1)->type == TK_NAME && p_peek_at(p, 1)->op == KW_DEF) {
        p_next(p);
        return p_funcdef(p, t, true, p_vec_list(&decs));
    }
    return p_syntax_error(p);
}

static AstStmt *p_compound_or_simple(Parser *p, ExprVec *out) {
    Token *t = p_peek(p);
    AstStmt *s = NULL;
    AstExprList nodecs = {0};
    if (!p_enter(p)) return NULL;
    if (t->type == TK_NAME) {
        switch (t->op) {
        case KW_IF: s = p_if_stmt(p, t, "'if' statement"); goto compound;
        case KW_WHILE: s = p_while_stmt(p, t); goto compound;
        case KW_FOR: s = p_for_stmt(p, t, false); goto compound;
        case KW_TRY: s = p_try_stmt(p, t); goto compound;
        case KW_WITH: s = p_with_stmt(p, t, false); goto compound;
        case KW_DEF: s = p_funcdef(p, t, false, nodecs); goto compound;
        case KW_CLASS: s = p_classdef(p, t, nodecs); goto compound;
        case KW_ASYNC: {
            Token *n = p_peek_at(p, 1);
            if (n->type == TK_NAME && n->op == KW_DEF) {
                p_next(p);
                s = p_funcdef(p, t, true, nodecs);
            } else if (n->type == TK_NAME && n->op == KW_FOR) {
                p_next(p);
                s = p_for_stmt(p, t, true);
            } else if (n->type == TK_NAME && n->op == KW_WITH) {
                p_next(p);
                s = p_with_stmt(p, t, true);
            } else {
                p_next(p);
                s = p_syntax_error(p);
            }
            goto compound;
        }
        case KW_ELSE:
        case KW_ELIF:
        case KW_EXCEPT:
        case KW_FINALLY: s = p_syntax_error(p); goto compound;
        case 0:
            if (p_is_match_stmt(p)) {
                s = p_match_stmt(p, t);
                goto compound;
            }
            break;
        default: break;
        }
    } else if (t->type == TK_OP && t->op == OP_AT) {
        s = p_decorated(p);
        goto compound;
    }
    {
        int before = out->len;
        bool ok = p_simple_stmts(p, out);
        p_leave(p);
        return ok && out->len > before ? (AstStmt *)out->items[out->len - 1] : NULL;
    }
compound:
    p_leave(p);
    if (!s || p->failed || !p_vec_push(p, out, s)) return NULL;
    return s;
}

/* PARSE_SINGLE (the REPL): one statement -- a simple statement line or a compound one. */
bool p_single_input(Parser *p, ExprVec *out) {
    while (p_peek(p)->type == TK_NEWLINE)
        p_next(p);
    if (p_peek(p)->type == TK_ENDMARKER) return true;
    if (p_peek(p)->type == TK_INDENT || p_peek(p)->type == TK_ERROR) {
        p_syntax_error(p);
        return false;
    }
    if (!p_compound_or_simple(p, out)) return false;
    while (p_peek(p)->type == TK_NEWLINE)
        p_next(p);
    if (p_peek(p)->type != TK_ENDMARKER) {
        if (p_peek(p)->type == TK_ERROR || p_peek(p)->type == TK_INDENT)
            p_syntax_error(p);
        else
            p_error_tok(p, p_peek(p),
                        "multiple statements found while compiling a single statement");
        return false;
    }
    return true;
}

bool p_statements_until(Parser *p, ExprVec *out, int end_type) {
    for (;;) {
        Token *t = p_peek(p);
        if ((int)t->type == end_type) return true;
        if (t->type == TK_ENDMARKER || t->type == TK_ERROR || t->type == TK_INDENT ||
            t->type == TK_DEDENT || t->type == TK_NEWLINE) {
            if (t->type == TK_NEWLINE && end_type == TK_ENDMARKER && p->mode == PARSE_SINGLE) {
                p_next(p);
                continue;
            }
            p_syntax_error(p);
            return false;
        }
        if (!p_compound_or_simple(p, out)) return false;
    }
}
