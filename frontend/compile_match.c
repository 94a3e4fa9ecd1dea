/* compile_match.c: the match statement, compiled as CPython 3.11 compiles it (compile.c's
 * compiler_match and compiler_pattern_*), onto the MATCH_* instructions of vm/match.c.
 *
 * A pattern is compiled with its subject on top of the stack and consumes it. On failure it
 * jumps to fail_pop[n], where n is the number of values it has pushed above the subject's
 * slot (ctx.on_top): a chain of POP_TOPs placed after the case falls through to the next
 * case. Unlike CPython, captured names are stored as soon as their sub-pattern matches (not
 * all at once at the end): a failed case may leave some of its names bound, which the
 * language reference allows. The compile-time errors are CPython's. */
#include <stdlib.h>
#include <string.h>

#include "../vm/gc.h"
#include "../vm/seq.h"
#include "../vm/str.h"
#include "compile.h"

typedef struct PatCtx {
    int *fail_pop; /* labels */
    int nfail, capfail;
    int on_top;
    const char **stores; /* names bound so far by the case's pattern */
    int nstores, capstores;
    bool allow_irrefutable;
    AstPos last; /* the last pattern entered: where CPython reports an or-pattern's error */
} PatCtx;

static int pattern(Compiler *c, AstPattern *p, PatCtx *pc);

static bool grow(Compiler *c, void **arr, int *cap, int need, size_t elem) {
    if (need <= *cap) return true;
    int ncap = *cap ? *cap * 2 : 8;
    while (ncap < need)
        ncap *= 2;
    void *n = mem_realloc(c->I, *arr, (size_t)*cap * elem, (size_t)ncap * elem);
    if (!n) return false;
    *arr = n;
    *cap = ncap;
    return true;
}

static int jump_to_fail_pop(Compiler *c, PatCtx *pc, int op) {
    int pops = pc->on_top;
    if (!grow(c, (void **)&pc->fail_pop, &pc->capfail, pops + 1, sizeof(int))) return -1;
    while (pc->nfail <= pops) {
        int l = label_new(c);
        if (l < 0) return -1;
        pc->fail_pop[pc->nfail++] = l;
    }
    return emit_jump(c, op, pc->fail_pop[pops]);
}

static void emit_and_reset_fail_pop(Compiler *c, PatCtx *pc) {
    if (!pc->nfail) return;
    while (--pc->nfail) {
        label_place(c, pc->fail_pop[pc->nfail]);
        emit(c, OP_POP_TOP, 0);
    }
    label_place(c, pc->fail_pop[0]);
}

static bool is_wildcard(AstPattern *p) {
    return p->kind == PAT_AS && !p->pattern && !p->name;
}

static bool is_star_wildcard(AstPattern *p) {
    return p->kind == PAT_STAR && !p->name;
}

/* Store TOS in name (POP_TOP for a wildcard, name NULL). */
static int store_name(Compiler *c, PatCtx *pc, const char *name) {
    if (!name) return emit(c, OP_POP_TOP, 0);
    for (int i = 0; i < pc->nstores; i++)
        if (strcmp(pc->stores[i], name) == 0)
            return compile_error(c, pc->last, "multiple assignments to name '%s' in pattern", name);
    if (!grow(c, (void **)&pc->stores, &pc->capstores, pc->nstores + 1, sizeof(char *))) return -1;
    pc->stores[pc->nstores++] = name;
    return compile_nameop(c, name, CTX_STORE);
}

static int subpattern(Compiler *c, AstPattern *p, PatCtx *pc) {
    bool old = pc->allow_irrefutable;
    pc->allow_irrefutable = true;
    int r = pattern(c, p, pc);
    pc->allow_irrefutable = old;
    return r;
}

static int unpack_helper(Compiler *c, AstPattern *p) {
    int n = p->npatterns;
    for (int i = 0; i < n; i++)
        if (p->patterns[i]->kind == PAT_STAR)
            return emit(c, OP_UNPACK_EX, (uint32_t)i | (uint32_t)(n - i - 1) << 8);
    return emit(c, OP_UNPACK_SEQUENCE, (uint32_t)n);
}

static int sequence_unpack(Compiler *c, AstPattern *p, PatCtx *pc) {
    if (unpack_helper(c, p) < 0) return -1;
    int size = p->npatterns;
    pc->on_top += size;
    for (int i = 0; i < size; i++) {
        pc->on_top--;
        if (subpattern(c, p->patterns[i], pc) < 0) return -1;
    }
    return 0;
}

/* [a, *_, b]: index the subject rather than unpack the whole of it. */
static int sequence_subscr(Compiler *c, AstPattern *p, int star, PatCtx *pc) {
    pc->on_top++;
    int size = p->npatterns;
    for (int i = 0; i < size; i++) {
        AstPattern *sp = p->patterns[i];
        if (is_wildcard(sp) || i == star) continue;
        if (emit(c, OP_COPY, 1) < 0) return -1;
        if (i < star) {
            if (emit_int(c, i) < 0) return -1;
        } else {
            if (emit(c, OP_GET_LEN, 0) < 0 || emit_int(c, size - i) < 0 ||
                emit(c, OP_BINARY_OP, BIN_SUB) < 0)
                return -1;
        }
        if (emit(c, OP_BINARY_SUBSCR, 0) < 0 || subpattern(c, sp, pc) < 0) return -1;
    }
    pc->on_top--;
    return emit(c, OP_POP_TOP, 0);
}

static int pattern_sequence(Compiler *c, AstPattern *p, PatCtx *pc) {
    int size = p->npatterns, star = -1;
    bool only_wildcard = true, star_wildcard = false;
    for (int i = 0; i < size; i++) {
        AstPattern *sp = p->patterns[i];
        if (sp->kind == PAT_STAR) {
            if (star >= 0)
                return compile_error(c, p->pos, "multiple starred names in sequence pattern");
            star_wildcard = is_star_wildcard(sp);
            only_wildcard &= star_wildcard;
            star = i;
            continue;
        }
        only_wildcard &= is_wildcard(sp);
    }
    pc->on_top++;
    if (emit(c, OP_MATCH_SEQUENCE, 0) < 0 || jump_to_fail_pop(c, pc, OP_POP_JUMP_IF_FALSE) < 0)
        return -1;
    if (star < 0) {
        if (emit(c, OP_GET_LEN, 0) < 0 || emit_int(c, size) < 0 ||
            emit(c, OP_COMPARE_OP, CMP_EQ) < 0 || jump_to_fail_pop(c, pc, OP_POP_JUMP_IF_FALSE) < 0)
            return -1;
    } else if (size - 1) {
        if (emit(c, OP_GET_LEN, 0) < 0 || emit_int(c, size - 1) < 0 ||
            emit(c, OP_COMPARE_OP, CMP_GE) < 0 || jump_to_fail_pop(c, pc, OP_POP_JUMP_IF_FALSE) < 0)
            return -1;
    }
    pc->on_top--;
    if (only_wildcard) return emit(c, OP_POP_TOP, 0);
    if (star_wildcard) return sequence_subscr(c, p, star, pc);
    return sequence_unpack(c, p, pc);
}

static bool same_constant(AstExpr *a, AstExpr *b) {
    bool neg_a = a->kind == EXPR_UNARYOP, neg_b = b->kind == EXPR_UNARYOP;
    if (neg_a != neg_b) return false;
    if (neg_a) a = a->u.unary.operand, b = b->u.unary.operand;
    if (a->kind != EXPR_CONSTANT || b->kind != EXPR_CONSTANT) return false;
    AstConstant *x = &a->u.constant, *y = &b->u.constant;
    if (x->kind == CONST_INT && y->kind == CONST_FLOAT) return (double)x->ival == y->fval;
    if (x->kind == CONST_FLOAT && y->kind == CONST_INT) return (double)y->ival == x->fval;
    bool xb = x->kind == CONST_TRUE || x->kind == CONST_FALSE,
         yb = y->kind == CONST_TRUE || y->kind == CONST_FALSE;
    if (xb && y->kind == CONST_INT) return y->ival == (x->kind == CONST_TRUE);
    if (yb && x->kind == CONST_INT) return x->ival == (y->kind == CONST_TRUE);
    if (x->kind != y->kind) return false;
    switch (x->kind) {
    case CONST_INT: return x->ival == y->ival;
    case CONST_FLOAT: return x->fval == y->fval;
    case CONST_STR:
    case CONST_BYTES:
    case CONST_BIGINT:
        return x->len == y->len && memcmp(x->str, y->str, x->len) == 0 && x->base == y->base;
    default: return true;
    }
}

static int dup_key_error(Compiler *c, AstExpr *k, AstPos at) {
    bool neg = k->kind == EXPR_UNARYOP;
    AstExpr *e = neg ? k->u.unary.operand : k;
    Value v = compile_const_value(c, &e->u.constant);
    if (is_null(v) || !gc_temp_push(c->I, v)) return -1;
    Value rep = obj_repr(c->I, v);
    if (is_null(rep)) return -1;
    return compile_error(c, at, "mapping pattern checks duplicate key (%s%s)", neg ? "-" : "",
                         as_str(rep)->data);
}

static int pattern_mapping(Compiler *c, AstPattern *p, PatCtx *pc) {
    int size = p->npatterns;
    pc->on_top++;
    if (emit(c, OP_MATCH_MAPPING, 0) < 0 || jump_to_fail_pop(c, pc, OP_POP_JUMP_IF_FALSE) < 0)
        return -1;
    if (!size && !p->rest) {
        pc->on_top--;
        return emit(c, OP_POP_TOP, 0);
    }
    if (size) {
        if (emit(c, OP_GET_LEN, 0) < 0 || emit_int(c, size) < 0 ||
            emit(c, OP_COMPARE_OP, CMP_GE) < 0 || jump_to_fail_pop(c, pc, OP_POP_JUMP_IF_FALSE) < 0)
            return -1;
    }
    for (int i = 0; i < size; i++) {
        AstExpr *k = p->keys[i];
        bool literal = k->kind == EXPR_CONSTANT || k->kind == EXPR_UNARYOP;
        if (!literal && k->kind != EXPR_ATTRIBUTE)
            return compile_error(c, k->pos,
                                 "mapping pattern keys may only match literals and attribute "
                                 "lookups");
        if (literal)
            for (int j = 0; j < i; j++)
                if (p->keys[j]->kind != EXPR_ATTRIBUTE && same_constant(p->keys[j], k))
                    return dup_key_error(c, k, p->pos);
        if (compile_expr(c, k) < 0) return -1;
    }
    if (emit(c, OP_BUILD_TUPLE, (uint32_t)size) < 0 || emit(c, OP_MATCH_KEYS, 0) < 0) return -1;
    pc->on_top += 2;
    if (emit(c, OP_COPY, 1) < 0 || emit_none(c) < 0 || emit(c, OP_IS_OP, 1) < 0 ||
        jump_to_fail_pop(c, pc, OP_POP_JUMP_IF_FALSE) < 0)
        return -1;
    if (emit(c, OP_UNPACK_SEQUENCE, (uint32_t)size) < 0) return -1;
    pc->on_top += size - 1;
    for (int i = 0; i < size; i++) {
        pc->on_top--;
        if (subpattern(c, p->patterns[i], pc) < 0) return -1;
    }
    pc->on_top -= 2;
    if (p->rest) {
        /* rest = dict(subject) without the keys */
        if (emit(c, OP_BUILD_MAP, 0) < 0 || emit(c, OP_SWAP, 3) < 0 ||
            emit(c, OP_DICT_UPDATE, 2) < 0 || emit(c, OP_UNPACK_SEQUENCE, (uint32_t)size) < 0)
            return -1;
        for (int n = size; n > 0; n--)
            if (emit(c, OP_COPY, (uint32_t)(1 + n)) < 0 || emit(c, OP_SWAP, 2) < 0 ||
                emit(c, OP_DELETE_SUBSCR, 0) < 0)
                return -1;
        return store_name(c, pc, p->rest);
    }
    if (emit(c, OP_POP_TOP, 0) < 0) return -1;
    return emit(c, OP_POP_TOP, 0);
}

static int pattern_class(Compiler *c, AstPattern *p, PatCtx *pc) {
    int nargs = p->npatterns, nattrs = p->nkwd;
    for (int i = 0; i < nattrs; i++)
        for (int j = i + 1; j < nattrs; j++)
            if (strcmp(p->kwd_attrs[i], p->kwd_attrs[j]) == 0)
                return compile_error(c, p->kwd_patterns[j]->pos,
                                     "attribute name repeated in class pattern: %s",
                                     p->kwd_attrs[i]);
    if (compile_expr(c, p->value) < 0) return -1;
    Tuple *names = compile_str_tuple(c, p->kwd_attrs, nattrs);
    if (!names) return -1;
    if (emit_const(c, v_obj(names)) < 0 || emit(c, OP_MATCH_CLASS, (uint32_t)nargs) < 0 ||
        emit(c, OP_COPY, 1) < 0 || emit_none(c) < 0 || emit(c, OP_IS_OP, 1) < 0)
        return -1;
    pc->on_top++;
    if (jump_to_fail_pop(c, pc, OP_POP_JUMP_IF_FALSE) < 0) return -1;
    if (emit(c, OP_UNPACK_SEQUENCE, (uint32_t)(nargs + nattrs)) < 0) return -1;
    pc->on_top += nargs + nattrs - 1;
    for (int i = 0; i < nargs + nattrs; i++) {
        pc->on_top--;
        AstPattern *sp = i < nargs ? p->patterns[i] : p->kwd_patterns[i - nargs];
        if (is_wildcard(sp)) {
            if (emit(c, OP_POP_TOP, 0) < 0) return -1;
            continue;
        }
        if (subpattern(c, sp, pc) < 0) return -1;
    }
    return 0;
}

static int cmp_names(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int pattern_or(Compiler *c, AstPattern *p, PatCtx *pc) {
    int end = label_new(c);
    if (end < 0) return -1;
    PatCtx old = *pc;
    int base = pc->nstores;
    const char **first = NULL; /* the first alternative's names, sorted */
    int nfirst = 0, r = -1;
    for (int i = 0; i < p->npatterns; i++) {
        AstPattern *alt = p->patterns[i];
        pc->fail_pop = NULL;
        pc->nfail = pc->capfail = 0;
        pc->on_top = 0;
        pc->nstores = base;
        pc->allow_irrefutable = i == p->npatterns - 1 && old.allow_irrefutable;
        if (emit(c, OP_COPY, 1) < 0 || pattern(c, alt, pc) < 0) goto done;
        int n = pc->nstores - base;
        const char **mine = mem_alloc(c->I, sizeof(char *) * (size_t)(n ? n : 1));
        if (!mine) goto done;
        if (n) memcpy(mine, pc->stores + base, sizeof(char *) * (size_t)n);
        qsort(mine, (size_t)n, sizeof(char *), cmp_names);
        if (i == 0) {
            first = mine;
            nfirst = n;
        } else {
            bool same = n == nfirst;
            for (int k = 0; same && k < n; k++)
                same = strcmp(mine[k], first[k]) == 0;
            mem_free(c->I, mine, sizeof(char *) * (size_t)(n ? n : 1));
            if (!same) {
                compile_error(c, pc->last, "alternative patterns bind different names");
                goto done;
            }
        }
        if (emit_jump(c, OP_JUMP, end) < 0) goto done;
        emit_and_reset_fail_pop(c, pc);
        mem_free(c->I, pc->fail_pop, sizeof(int) * (size_t)pc->capfail);
        pc->fail_pop = NULL;
        pc->capfail = 0;
    }
    {
        /* keep the names bound (the first alternative's) for the duplicate checks */
        const char **st = pc->stores;
        int cap = pc->capstores, ns = pc->nstores;
        *pc = old;
        pc->stores = st;
        pc->capstores = cap;
        pc->nstores = base + nfirst;
        (void)ns;
    }
    /* no alternative matched: pop the subject and fail */
    if (emit(c, OP_POP_TOP, 0) < 0 || jump_to_fail_pop(c, pc, OP_JUMP) < 0) goto done;
    label_place(c, end);
    r = emit(c, OP_POP_TOP, 0);
done:
    if (first) mem_free(c->I, first, sizeof(char *) * (size_t)(nfirst ? nfirst : 1));
    if (r < 0 && pc->fail_pop != old.fail_pop) {
        mem_free(c->I, pc->fail_pop, sizeof(int) * (size_t)pc->capfail);
        const char **st = pc->stores;
        int cap = pc->capstores;
        *pc = old;
        pc->stores = st;
        pc->capstores = cap;
    }
    return r;
}

static int pattern(Compiler *c, AstPattern *p, PatCtx *pc) {
    int saved_line = c->u->line;
    c->u->line = p->pos.line;
    pc->last = p->pos;
    int r;
    switch (p->kind) {
    case PAT_VALUE:
        if (p->value->kind == EXPR_JOINEDSTR || p->value->kind == EXPR_TEMPLATESTR) {
            r = compile_error(c, p->value->pos,
                              "patterns may only match literals and attribute lookups");
            break;
        }
        r = compile_expr(c, p->value) < 0 || emit(c, OP_COMPARE_OP, CMP_EQ) < 0 ||
                    jump_to_fail_pop(c, pc, OP_POP_JUMP_IF_FALSE) < 0
                ? -1
                : 0;
        break;
    case PAT_SINGLETON:
        r = compile_expr(c, p->value) < 0 || emit(c, OP_IS_OP, 0) < 0 ||
                    jump_to_fail_pop(c, pc, OP_POP_JUMP_IF_FALSE) < 0
                ? -1
                : 0;
        break;
    case PAT_SEQUENCE: r = pattern_sequence(c, p, pc); break;
    case PAT_MAPPING: r = pattern_mapping(c, p, pc); break;
    case PAT_CLASS: r = pattern_class(c, p, pc); break;
    case PAT_STAR: r = store_name(c, pc, p->name); break;
    case PAT_OR: r = pattern_or(c, p, pc); break;
    case PAT_AS:
        if (!p->pattern) {
            if (!pc->allow_irrefutable) {
                if (p->name)
                    r = compile_error(c, p->pos,
                                      "name capture '%s' makes remaining patterns unreachable",
                                      p->name);
                else
                    r = compile_error(c, p->pos, "wildcard makes remaining patterns unreachable");
                break;
            }
            r = store_name(c, pc, p->name);
            break;
        }
        pc->on_top++;
        if (emit(c, OP_COPY, 1) < 0 || subpattern(c, p->pattern, pc) < 0) {
            r = -1;
            break;
        }
        pc->on_top--;
        r = store_name(c, pc, p->name);
        break;
    default: r = compile_error(c, p->pos, "internal compiler error: unknown pattern"); break;
    }
    c->u->line = saved_line;
    return r;
}

int compile_match(Compiler *c, AstStmt *s) {
    if (compile_expr(c, s->u.match.subject) < 0) return -1;
    int end = label_new(c);
    if (end < 0) return -1;
    PatCtx pc;
    memset(&pc, 0, sizeof pc);
    int r = -1, n = s->u.match.ncases;
    for (int i = 0; i < n; i++) {
        AstMatchCase *mc = &s->u.match.cases[i];
        c->u->line = mc->pattern->pos.line;
        if (emit(c, OP_COPY, 1) < 0) goto out;
        pc.nstores = 0;
        pc.allow_irrefutable = mc->guard != NULL || i == n - 1;
        pc.nfail = 0;
        pc.on_top = 0;
        if (pattern(c, mc->pattern, &pc) < 0) goto out;
        if (mc->guard) {
            /* a failing guard jumps to fail_pop[0] with nothing left above the subject */
            if (!grow(c, (void **)&pc.fail_pop, &pc.capfail, 1, sizeof(int))) goto out;
            if (pc.nfail == 0) {
                int l = label_new(c);
                if (l < 0) goto out;
                pc.fail_pop[pc.nfail++] = l;
            }
            if (compile_jump_if(c, mc->guard, false, pc.fail_pop[0]) < 0) goto out;
        }
        if (emit(c, OP_POP_TOP, 0) < 0 || compile_body(c, &mc->body) < 0) goto out;
        if (emit_jump(c, OP_JUMP, end) < 0) goto out;
        emit_and_reset_fail_pop(c, &pc);
    }
    c->u->line = s->pos.line;
    if (emit(c, OP_POP_TOP, 0) < 0) goto out;
    label_place(c, end);
    r = 0;
out:
    mem_free(c->I, pc.fail_pop, sizeof(int) * (size_t)pc.capfail);
    mem_free(c->I, pc.stores, sizeof(char *) * (size_t)pc.capstores);
    return r;
}
