/* front_stmt.c: statements and structured control flow.
 *
 * An `if` whose condition is a compile-time value walks only the branch taken (so
 * `if T > 64:` on a ct.Constant specializes). Otherwise it becomes an IF op, and a `for`
 * over range() a FOR op, with variable slots for what flows across them:
 * - loops: a variable bound before the loop and assigned inside it becomes a slot before
 *   the loop (its type is its type before the loop and may not change); one first assigned
 *   inside the loop is local to the body (using it after the loop is an error, since the
 *   loop may not run);
 * - ifs: both branches are walked from the same bindings; a variable that ends up with
 *   different values becomes a slot, written at the end of each branch (the branches'
 *   last values are still visible there), with one type for both.
 * Names assigned are found by a syntactic scan of the body, as Python's compiler does. */
#include <string.h>

#include "front_internal.h"

/* ---------------------------------------------------------------- assigned names */

typedef struct NameSet {
    const char **names;
    int n, cap;
} NameSet;

static bool ns_add(Front *F, NameSet *s, const char *name) {
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->names[i], name) == 0) return true;
    if (s->n == s->cap) {
        int ncap = s->cap ? s->cap * 2 : 8;
        const char **nn = fe_alloc(F, sizeof *nn * (size_t)ncap);
        if (!nn) return false;
        if (s->n) memcpy(nn, s->names, sizeof *nn * (size_t)s->n);
        s->names = nn;
        s->cap = ncap;
    }
    s->names[s->n++] = name;
    return true;
}

static bool ns_target(Front *F, NameSet *s, AstExpr *t) {
    if (t->kind == EXPR_NAME) return ns_add(F, s, t->u.name.id);
    if (t->kind == EXPR_TUPLE || t->kind == EXPR_LIST) {
        for (int i = 0; i < t->u.seq.elts.len; i++)
            if (!ns_target(F, s, t->u.seq.elts.items[i])) return false;
    }
    if (t->kind == EXPR_STARRED) return ns_target(F, s, t->u.starred.value);
    return true;
}

static bool ns_collect(Front *F, NameSet *s, const AstStmtList *body) {
    for (int i = 0; i < body->len; i++) {
        AstStmt *st = body->items[i];
        bool ok = true;
        switch (st->kind) {
        case STMT_ASSIGN:
            for (int k = 0; k < st->u.assign.targets.len && ok; k++)
                ok = ns_target(F, s, st->u.assign.targets.items[k]);
            break;
        case STMT_AUGASSIGN: ok = ns_target(F, s, st->u.augassign.target); break;
        case STMT_ANNASSIGN:
            if (st->u.annassign.value) ok = ns_target(F, s, st->u.annassign.target);
            break;
        case STMT_FOR:
            ok = ns_target(F, s, st->u.for_.target) && ns_collect(F, s, &st->u.for_.body) &&
                 ns_collect(F, s, &st->u.for_.orelse);
            break;
        case STMT_WHILE:
            ok = ns_collect(F, s, &st->u.while_.body) && ns_collect(F, s, &st->u.while_.orelse);
            break;
        case STMT_IF:
            ok = ns_collect(F, s, &st->u.if_.body) && ns_collect(F, s, &st->u.if_.orelse);
            break;
        default: break;
        }
        if (!ok) return false;
    }
    return true;
}

/* ---------------------------------------------------------------- bindings snapshots */

typedef struct Bindings {
    FrontVar *vars;
    int n;
} Bindings;

static bool bind_save(Front *F, Bindings *b) {
    FrontFrame *fr = F->frame;
    b->n = fr->nvars;
    b->vars = b->n ? fe_alloc(F, sizeof *b->vars * (size_t)b->n) : NULL;
    if (b->n && !b->vars) return false;
    if (b->n) memcpy(b->vars, fr->vars, sizeof *b->vars * (size_t)b->n);
    return true;
}

static void bind_restore(Front *F, const Bindings *b) {
    FrontFrame *fr = F->frame;
    if (b->n) memcpy(fr->vars, b->vars, sizeof *b->vars * (size_t)b->n);
    fr->nvars = b->n;
}

static const FrontVar *bind_find(const Bindings *b, const char *name) {
    for (int i = b->n - 1; i >= 0; i--)
        if (strcmp(b->vars[i].name, name) == 0) return &b->vars[i];
    return NULL;
}

static bool fv_same_const(const FrontValue *a, const FrontValue *b) {
    if (a->kind != b->kind) return false;
    switch (a->kind) {
    case FV_NONE: return true;
    case FV_BOOL: return a->u.b == b->u.b;
    case FV_INT: return a->u.i == b->u.i;
    case FV_FLOAT: return a->u.f == b->u.f;
    case FV_TILE: return a->u.value == b->u.value;
    case FV_ARRAY: return a->u.array == b->u.array;
    case FV_TVIEW: return a->u.tview == b->u.tview;
    case FV_AVIEW: return a->u.aview == b->u.aview;
    case FV_DTYPE: return a->u.dtype == b->u.dtype;
    case FV_ENUM: return a->u.en.kind == b->u.en.kind && a->u.en.value == b->u.en.value;
    case FV_STR: return strcmp(a->u.str.s, b->u.str.s) == 0;
    case FV_HOST: return v_is(a->u.host.obj, b->u.host.obj);
    case FV_TUPLE:
        if (a->u.tuple.n != b->u.tuple.n) return false;
        for (int i = 0; i < a->u.tuple.n; i++)
            if (!fv_same_const(&a->u.tuple.items[i], &b->u.tuple.items[i])) return false;
        return true;
    default: return false;
    }
}

/* The slot type a value takes when it must live in a slot; false (no error) if it cannot. */
static bool fe_slot_type(Front *F, const FrontValue *v, TileType *t) {
    if (v->kind == FV_TILE) {
        *t = *fe_type(F, v->u.value);
        return true;
    }
    if (fv_is_number(v)) {
        *t = tile_type_scalar(fe_default_dtype(v));
        return true;
    }
    return false;
}

/* Writes v into slot at the end of region r (appending ops there). */
static bool fe_write_slot_in(Front *F, TileRegion *r, int slot, FrontValue v, AstPos pos) {
    TileRegion *saved = F->region;
    F->region = r;
    const TileType *want = &F->f->vars[slot].type;
    int value = v.kind == FV_TILE ? v.u.value : fe_materialize(F, pos, v, want->dtype, false);
    bool ok = value >= 0;
    if (ok && !tile_type_equal(fe_type(F, value), want)) {
        /* a loosely typed constant into a tile slot: broadcast it */
        if (v.kind != FV_TILE) value = fe_broadcast_to(F, pos, value, want);
        ok = value >= 0 && tile_type_equal(fe_type(F, value), want);
    }
    if (ok) {
        TileOp *op = fe_op(F, TOP_VAR_WRITE, 1, &value, NULL);
        if (op)
            op->var = slot;
        else
            ok = false;
    }
    F->region = saved;
    return ok;
}

static bool fe_region_terminated(const TileRegion *r) {
    const TileOp *last = r->last;
    return last &&
           (last->kind == TOP_BREAK || last->kind == TOP_CONTINUE || last->kind == TOP_RETURN);
}

/* ---------------------------------------------------------------- assignment */

static bool fe_assign(Front *F, AstExpr *target, FrontValue v) {
    switch (target->kind) {
    case EXPR_NAME: return fe_bind(F, target->pos, target->u.name.id, v);
    case EXPR_TUPLE:
    case EXPR_LIST: {
        int n = target->u.seq.elts.len;
        if (v.kind != FV_TUPLE) {
            char buf[96];
            return fe_error(F, target->pos, TY_TYPE_ERROR, "cannot unpack %s into %d names",
                            fv_describe(F, &v, buf, sizeof buf), n);
        }
        if (v.u.tuple.n != n)
            return fe_error(F, target->pos, TY_VALUE_ERROR,
                            "cannot unpack a tuple of %d into %d names", v.u.tuple.n, n);
        for (int i = 0; i < n; i++)
            if (!fe_assign(F, target->u.seq.elts.items[i], v.u.tuple.items[i])) return false;
        return true;
    }
    case EXPR_SUBSCRIPT: {
        FrontValue base;
        if (!fe_expr(F, target->u.subscript.value, &base)) return false;
        if (base.kind == FV_ARRAY)
            return fe_error(F, target->pos, TY_TYPE_ERROR,
                            "Arrays do not support item assignment. Use store() or scatter() "
                            "instead.");
        return fe_error(F, target->pos, TY_TYPE_ERROR,
                        "Tiles are immutable: item assignment is not supported.");
    }
    case EXPR_ATTRIBUTE:
        return fe_error(F, target->pos, TY_TYPE_ERROR,
                        "attribute assignment is not supported in a tile kernel");
    default: return fe_error(F, target->pos, TY_SYNTAX_ERROR, "unsupported assignment target");
    }
}

/* ---------------------------------------------------------------- if */

static bool fe_runtime_condition(Front *F, AstPos pos, FrontValue c, int *out) {
    if (c.kind == FV_TILE) {
        const TileType *t = fe_type(F, c.u.value);
        if (t->rank != 0) {
            char buf[96];
            return fe_error(F, pos, TY_TYPE_ERROR,
                            "the condition must be a scalar, got %s (reduce the tile first, "
                            "e.g. with ct.max)",
                            tile_type_format(t, buf, sizeof buf));
        }
        if (t->dtype == TDT_BOOL) {
            *out = c.u.value;
            return true;
        }
        int zero = fe_materialize(F, pos, fv_int(0), t->dtype, true);
        if (zero < 0) return false;
        int ops[2] = {c.u.value, zero};
        TileType bt = tile_type_scalar(TDT_BOOL);
        TileOp *op = fe_op(F, TOP_COMPARE, 2, ops, &bt);
        if (!op) return false;
        op->sub = TC_NE;
        *out = op->result;
        return true;
    }
    char buf[96];
    return fe_error(F, pos, TY_TYPE_ERROR, "the condition must be a scalar, got %s",
                    fv_describe(F, &c, buf, sizeof buf));
}

/* After walking both branches of a run-time if: give each variable the branches disagree
 * on a slot, written at the end of each branch that falls through. */
static bool fe_merge_if(Front *F, AstPos pos, TileOp *ifop, const Bindings *before,
                        const Bindings *bthen, const Bindings *belse) {
    bool term[2] = {fe_region_terminated(&ifop->regions[0]),
                    fe_region_terminated(&ifop->regions[1])};
    const Bindings *side[2] = {bthen, belse};
    /* the result starts from the bindings before the if */
    bind_restore(F, before);
    NameSet done = {NULL, 0, 0}; /* names merged already (a name is in both sides' lists) */
    for (int s = 0; s < 2; s++) {
        for (int i = 0; i < side[s]->n; i++) {
            const char *name = side[s]->vars[i].name;
            bool seen = false;
            for (int k = 0; k < done.n && !seen; k++)
                seen = strcmp(done.names[k], name) == 0;
            if (seen) continue;
            if (!ns_add(F, &done, name)) return false;
            const FrontVar *pre = bind_find(before, name);
            const FrontVar *vt = bind_find(bthen, name), *ve = bind_find(belse, name);
            bool changed = false;
            for (int k = 0; k < 2; k++) {
                const FrontVar *x = k ? ve : vt;
                if (!x) continue;
                if (!pre || x->slot != pre->slot || x->maybe_undef != pre->maybe_undef ||
                    x->loop_local != pre->loop_local ||
                    (x->slot < 0 && !fv_same_const(&x->v, &pre->v)))
                    changed = true;
            }
            if (!changed) continue;
            FrontVar *var = fe_lookup_local(F, name);
            if (!var) {
                /* a name first bound inside the if: add it (unbound) to the result */
                FrontValue undef;
                memset(&undef, 0, sizeof undef);
                if (!fe_bind(F, pos, name, undef)) return false;
                var = fe_lookup_local(F, name);
            }
            /* the states of the two branches; a terminated branch does not flow on */
            const FrontVar *st[2] = {term[0] ? NULL : vt, term[1] ? NULL : ve};
            bool defined[2];
            for (int k = 0; k < 2; k++)
                defined[k] = st[k] && !st[k]->maybe_undef && !st[k]->loop_local &&
                             (st[k]->slot >= 0 || st[k]->v.kind != FV_UNDEF);
            if (term[0] && term[1]) continue;
            if ((!term[0] && !defined[0]) || (!term[1] && !defined[1])) {
                var->slot = -1;
                var->v.kind = FV_UNDEF;
                var->maybe_undef = true;
                continue;
            }
            int live = term[0] ? 1 : term[1] ? 0 : -1; /* the only branch that flows on */
            if (live >= 0) {
                *var = *st[live];
                continue;
            }
            if (st[0]->slot < 0 && st[1]->slot < 0 && fv_same_const(&st[0]->v, &st[1]->v)) {
                *var = *st[0];
                continue;
            }
            /* a slot: an existing one from either branch, or a new one */
            int slot = st[0]->slot >= 0 ? st[0]->slot : st[1]->slot;
            if (slot < 0) {
                TileType t0, t1;
                bool ok0 = fe_slot_type(F, &st[0]->v, &t0), ok1 = fe_slot_type(F, &st[1]->v, &t1);
                if (!ok0 || !ok1) {
                    char buf[96];
                    const FrontValue *bad = ok0 ? &st[1]->v : &st[0]->v;
                    return fe_error(F, pos, TY_TYPE_ERROR,
                                    "variable '%s' is assigned %s in a branch of a run-time if; "
                                    "only tiles and numbers can differ between branches",
                                    name, fv_describe(F, bad, buf, sizeof buf));
                }
                TileType t = st[0]->v.kind == FV_TILE ? t0 : t1;
                if (st[0]->v.kind == FV_TILE && st[1]->v.kind == FV_TILE &&
                    !tile_type_equal(&t0, &t1)) {
                    char a[96], b[96];
                    return fe_error(F, pos, TY_TYPE_ERROR,
                                    "variable '%s' is %s in one branch of the if and %s in the "
                                    "other; both branches must give it one type",
                                    name, tile_type_format(&t0, a, sizeof a),
                                    tile_type_format(&t1, b, sizeof b));
                }
                slot = tile_var_add(F->f, name, t);
                if (slot < 0) return fe_nomem(F);
            }
            for (int k = 0; k < 2; k++) {
                if (st[k]->slot == slot) continue;
                FrontValue v = st[k]->v;
                if (st[k]->slot >= 0) {
                    /* the other branch made its own slot for this name: copy it over */
                    TileRegion *saved = F->region;
                    F->region = &ifop->regions[k];
                    TileType tt = F->f->vars[st[k]->slot].type;
                    TileOp *rd = fe_op(F, TOP_VAR_READ, 0, NULL, &tt);
                    F->region = saved;
                    if (!rd) return false;
                    rd->var = st[k]->slot;
                    v = fv_tile(rd->result);
                }
                if (v.kind == FV_TILE &&
                    !tile_type_equal(fe_type(F, v.u.value), &F->f->vars[slot].type)) {
                    char a[96], b[96];
                    return fe_error(F, pos, TY_TYPE_ERROR,
                                    "variable '%s' is %s in one branch of the if and %s in the "
                                    "other; both branches must give it one type",
                                    name, tile_type_format(&F->f->vars[slot].type, a, sizeof a),
                                    tile_type_format(fe_type(F, v.u.value), b, sizeof b));
                }
                if (!fe_write_slot_in(F, &ifop->regions[k], slot, v, pos)) return false;
            }
            var = fe_lookup_local(F, name);
            var->slot = slot;
            var->slot_depth = F->rt_depth;
            var->maybe_undef = false;
            var->loop_local = false;
        }
    }
    return true;
}

static bool fe_if(Front *F, AstStmt *s) {
    FrontValue c;
    if (!fe_expr(F, s->u.if_.test, &c)) return false;
    int known = 0;
    if (!fe_truth_const(F, c, &known)) return false;
    if (known >= 0) return fe_stmts(F, known ? &s->u.if_.body : &s->u.if_.orelse);
    F->pos = s->pos;
    int cond = 0;
    if (!fe_runtime_condition(F, s->u.if_.test->pos, c, &cond)) return false;
    TileOp *ifop = fe_op(F, TOP_IF, 1, &cond, NULL);
    if (!ifop) return false;
    Bindings before, bthen, belse;
    if (!bind_save(F, &before)) return false;
    TileRegion *saved = F->region;
    F->rt_depth++;
    F->region = &ifop->regions[0];
    bool ok = fe_stmts(F, &s->u.if_.body) && bind_save(F, &bthen);
    if (ok) {
        bind_restore(F, &before);
        F->region = &ifop->regions[1];
        ok = fe_stmts(F, &s->u.if_.orelse) && bind_save(F, &belse);
    }
    F->region = saved;
    F->rt_depth--;
    if (!ok) return false;
    return fe_merge_if(F, s->pos, ifop, &before, &bthen, &belse);
}

/* ---------------------------------------------------------------- loops */

/* Before a run-time loop: every variable bound now and assigned in the body moves into a
 * slot (written here, before the loop). */
static bool fe_loop_slots(Front *F, AstPos pos, const NameSet *assigned, const char *skip) {
    for (int i = 0; i < assigned->n; i++) {
        const char *name = assigned->names[i];
        if (skip && strcmp(name, skip) == 0) continue;
        FrontVar *var = fe_lookup_local(F, name);
        if (!var || var->slot >= 0 || var->maybe_undef || var->loop_local ||
            var->v.kind == FV_UNDEF)
            continue;
        TileType t;
        if (!fe_slot_type(F, &var->v, &t)) {
            char buf[96];
            return fe_error(F, pos, TY_TYPE_ERROR,
                            "variable '%s' holds %s and is assigned inside a run-time loop; only "
                            "tiles and numbers can change from one iteration to the next",
                            name, fv_describe(F, &var->v, buf, sizeof buf));
        }
        int slot = tile_var_add(F->f, name, t);
        if (slot < 0) return fe_nomem(F);
        if (!fe_write_slot_in(F, F->region, slot, var->v, pos)) return false;
        var = fe_lookup_local(F, name);
        var->slot = slot;
        var->slot_depth = F->rt_depth;
    }
    return true;
}

/* After a loop body: names first bound inside it become loop-local (unusable after). */
static void fe_loop_end(Front *F, const Bindings *before) {
    FrontFrame *fr = F->frame;
    for (int i = 0; i < fr->nvars; i++) {
        FrontVar *v = &fr->vars[i];
        const FrontVar *pre = bind_find(before, v->name);
        if (pre && (pre->slot >= 0 || pre->v.kind != FV_UNDEF)) {
            if (v->slot < 0) *v = *pre; /* not a slot: keep the value from before the loop */
            continue;
        }
        if (v->slot >= 0 || v->v.kind != FV_UNDEF) {
            v->slot = -1;
            v->v.kind = FV_UNDEF;
            v->loop_local = true;
        }
    }
}

static bool fe_range_args(Front *F, AstExpr *call, int bounds[3]) {
    AstExprList *args = &call->u.call.args;
    if (call->u.call.nkeywords || args->len < 1 || args->len > 3)
        return fe_error(F, call->pos, TY_TYPE_ERROR, "range() takes 1 to 3 positional arguments");
    FrontValue v[3];
    for (int i = 0; i < args->len; i++)
        if (!fe_expr(F, args->items[i], &v[i])) return false;
    FrontValue lo = args->len == 1 ? fv_int(0) : v[0];
    FrontValue hi = args->len == 1 ? v[0] : v[1];
    FrontValue step = args->len == 3 ? v[2] : fv_int(1);
    if (step.kind == FV_INT && step.u.i == 0)
        return fe_error(F, call->pos, TY_VALUE_ERROR, "range() arg 3 must not be zero");
    FrontValue all[3] = {lo, hi, step};
    TileDType dt = TDT_INT32;
    for (int i = 0; i < 3; i++) {
        if (all[i].kind == FV_TILE) {
            const TileType *t = fe_type(F, all[i].u.value);
            if (t->rank != 0 || !tile_dtype_is_int(t->dtype))
                return fe_error(F, call->pos, TY_TYPE_ERROR,
                                "range() arguments must be integer scalars");
            if (t->dtype == TDT_INT64 || t->dtype == TDT_UINT64 || t->dtype == TDT_UINT32)
                dt = TDT_INT64;
        } else if (all[i].kind == FV_INT) {
            if (all[i].u.i < INT32_MIN || all[i].u.i > INT32_MAX) dt = TDT_INT64;
        } else if (all[i].kind != FV_BOOL) {
            char buf[96];
            return fe_error(F, call->pos, TY_TYPE_ERROR,
                            "range() arguments must be integers, got %s",
                            fv_describe(F, &all[i], buf, sizeof buf));
        }
    }
    for (int i = 0; i < 3; i++) {
        bounds[i] = fe_materialize(F, call->pos, all[i], dt, true);
        if (bounds[i] < 0) return false;
    }
    return true;
}

static bool fe_for(Front *F, AstStmt *s) {
    AstExpr *it = s->u.for_.iter;
    if (s->u.for_.orelse.len)
        return fe_error(F, s->pos, TY_SYNTAX_ERROR,
                        "for ... else is not supported in a tile kernel");
    bool is_range = false;
    if (it->kind == EXPR_CALL) {
        FrontValue fn;
        if (!fe_expr(F, it->u.call.func, &fn)) return false;
        is_range = fn.kind == FV_HOST && v_is(fn.u.host.obj, F->builtin_range);
    }
    if (!is_range) {
        /* a loop over a compile-time tuple is unrolled */
        FrontValue seq;
        if (!fe_expr(F, it, &seq)) return false;
        if (seq.kind != FV_TUPLE)
            return fe_error(F, it->pos, TY_TYPE_ERROR,
                            "tile code loops only over range(...) or a compile-time tuple");
        for (int i = 0; i < seq.u.tuple.n; i++) {
            /* any assignment target: `for k, v in ct.static_iter(enumerate(...))` */
            if (!fe_assign(F, s->u.for_.target, seq.u.tuple.items[i])) return false;
            if (!fe_stmts(F, &s->u.for_.body)) return false;
            if (F->frame->returned) break;
        }
        return true;
    }
    if (s->u.for_.target->kind != EXPR_NAME)
        return fe_error(F, s->u.for_.target->pos, TY_SYNTAX_ERROR,
                        "the target of a for loop in tile code must be a name");
    F->pos = s->pos;
    int bounds[3];
    if (!fe_range_args(F, it, bounds)) return false;
    NameSet assigned = {NULL, 0, 0};
    if (!ns_collect(F, &assigned, &s->u.for_.body)) return false;
    const char *ivar = s->u.for_.target->u.name.id;
    F->pos = s->pos;
    if (!fe_loop_slots(F, s->pos, &assigned, ivar)) return false;
    Bindings before;
    if (!bind_save(F, &before)) return false;
    TileType it_type = *fe_type(F, bounds[0]);
    int islot = tile_var_add(F->f, ivar, it_type);
    if (islot < 0) return fe_nomem(F);
    F->pos = s->pos;
    TileOp *loop = fe_op(F, TOP_FOR, 3, bounds, NULL);
    if (!loop) return false;
    loop->var = islot;
    FrontVar *iv = fe_lookup_local(F, ivar);
    if (!iv) {
        FrontValue undef;
        memset(&undef, 0, sizeof undef);
        if (!fe_bind(F, s->pos, ivar, undef)) return false;
        iv = fe_lookup_local(F, ivar);
    }
    FrontVar saved_iv = *iv;
    iv->slot = islot;
    iv->slot_depth = F->rt_depth;
    iv->maybe_undef = iv->loop_local = false;
    TileRegion *saved = F->region;
    F->region = &loop->regions[0];
    F->loop_depth++;
    F->rt_depth++;
    bool ok = fe_stmts(F, &s->u.for_.body);
    F->loop_depth--;
    F->rt_depth--;
    F->region = saved;
    if (!ok) return false;
    iv = fe_lookup_local(F, ivar);
    if (iv && iv->slot == islot) {
        *iv = saved_iv;
        /* the loop variable after the loop: unusable (the loop may not have run) */
        iv->slot = -1;
        iv->v.kind = FV_UNDEF;
        iv->loop_local = true;
    }
    /* the induction slot must not be written by the body */
    for (TileOp *op = loop->regions[0].first; op; op = op->next)
        if (op->kind == TOP_VAR_WRITE && op->var == islot)
            return fe_error(F, s->pos, TY_SYNTAX_ERROR,
                            "the loop variable '%s' is assigned inside the loop", ivar);
    fe_loop_end(F, &before);
    return true;
}

static bool fe_while(Front *F, AstStmt *s) {
    if (s->u.while_.orelse.len)
        return fe_error(F, s->pos, TY_SYNTAX_ERROR,
                        "while ... else is not supported in a tile kernel");
    NameSet assigned = {NULL, 0, 0};
    if (!ns_collect(F, &assigned, &s->u.while_.body)) return false;
    F->pos = s->pos;
    if (!fe_loop_slots(F, s->pos, &assigned, NULL)) return false;
    Bindings before;
    if (!bind_save(F, &before)) return false;
    TileOp *loop = fe_op(F, TOP_WHILE, 0, NULL, NULL);
    if (!loop) return false;
    TileRegion *saved = F->region;
    F->region = &loop->regions[0];
    F->rt_depth++;
    FrontValue c;
    int cond = -1;
    bool ok = fe_expr(F, s->u.while_.test, &c);
    if (ok && c.kind != FV_TILE) {
        int known = 0;
        ok = fe_truth_const(F, c, &known);
        if (ok) {
            cond = fe_materialize(F, s->u.while_.test->pos, fv_bool(known > 0), TDT_BOOL, true);
            ok = cond >= 0;
        }
    } else if (ok) {
        ok = fe_runtime_condition(F, s->u.while_.test->pos, c, &cond);
    }
    if (ok) {
        F->pos = s->u.while_.test->pos;
        ok = fe_op(F, TOP_YIELD, 1, &cond, NULL) != NULL;
    }
    if (ok) {
        F->region = &loop->regions[1];
        F->loop_depth++;
        ok = fe_stmts(F, &s->u.while_.body);
        F->loop_depth--;
    }
    F->rt_depth--;
    F->region = saved;
    if (!ok) return false;
    fe_loop_end(F, &before);
    return true;
}

/* ---------------------------------------------------------------- statements */

static bool fe_return(Front *F, AstStmt *s) {
    FrontFrame *fr = F->frame;
    AstExpr *e = s->u.value.value;
    if (fr->is_kernel) {
        if (e && !(e->kind == EXPR_CONSTANT && e->u.constant.kind == CONST_NONE))
            return fe_error(F, s->pos, TY_TYPE_ERROR, "a tile kernel cannot return a value");
        if (F->rt_depth == 0) {
            fr->returned = true;
            return true;
        }
        return fe_op(F, TOP_RETURN, 0, NULL, NULL) != NULL;
    }
    if (F->rt_depth != fr->rt_base)
        return fe_error(F, s->pos, TY_SYNTAX_ERROR,
                        "a helper function may return only outside run-time loops and ifs "
                        "(assign the result to a variable and return it at the end)");
    FrontValue v = fv_none();
    if (e && !fe_expr(F, e, &v)) return false;
    fr->ret = v;
    fr->returned = true;
    return true;
}

static bool fe_assert(Front *F, AstStmt *s) {
    FrontValue c;
    if (!fe_expr(F, s->u.assert_.test, &c)) return false;
    const char *msg = NULL;
    if (s->u.assert_.msg) {
        FrontValue m;
        if (!fe_expr(F, s->u.assert_.msg, &m)) return false;
        if (m.kind != FV_STR)
            return fe_error(F, s->u.assert_.msg->pos, TY_TYPE_ERROR,
                            "the message of an assert in tile code must be a string constant");
        msg = m.u.str.s;
    }
    int known = 0;
    if (!fe_truth_const(F, c, &known)) return false;
    if (known == 1) return true;
    if (known == 0)
        return fe_error(F, s->pos, TY_ASSERTION_ERROR, "%s", msg ? msg : "assertion failed");
    if (c.kind != FV_TILE)
        return fe_error(F, s->pos, TY_TYPE_ERROR, "unsupported assert condition");
    int v = c.u.value;
    if (fe_type(F, v)->dtype != TDT_BOOL) {
        if (!fe_runtime_condition(F, s->pos, c, &v)) return false;
    }
    F->pos = s->pos;
    TileOp *op = fe_op(F, TOP_ASSERT, 1, &v, NULL);
    if (!op) return false;
    op->text = msg;
    return true;
}

static bool fe_stmt(Front *F, AstStmt *s) {
    F->pos = s->pos;
    switch (s->kind) {
    case STMT_EXPR: {
        AstExpr *e = s->u.value.value;
        if (e->kind == EXPR_CONSTANT) return true; /* docstrings and stray constants */
        FrontValue v;
        return fe_expr(F, e, &v);
    }
    case STMT_ASSIGN: {
        FrontValue v;
        if (!fe_expr(F, s->u.assign.value, &v)) return false;
        for (int i = 0; i < s->u.assign.targets.len; i++)
            if (!fe_assign(F, s->u.assign.targets.items[i], v)) return false;
        return true;
    }
    case STMT_ANNASSIGN: {
        if (!s->u.annassign.value) return true;
        FrontValue v;
        if (!fe_expr(F, s->u.annassign.value, &v)) return false;
        return fe_assign(F, s->u.annassign.target, v);
    }
    case STMT_AUGASSIGN: {
        AstExpr *t = s->u.augassign.target;
        if (t->kind != EXPR_NAME) return fe_assign(F, t, fv_none());
        FrontValue a, b, r;
        if (!fe_read_name(F, t->pos, t->u.name.id, &a)) return false;
        if (!fe_expr(F, s->u.augassign.value, &b)) return false;
        F->pos = s->pos;
        if (!fe_binop(F, s->pos, s->u.augassign.op, a, b, &r)) return false;
        return fe_bind(F, t->pos, t->u.name.id, r);
    }
    case STMT_IF: return fe_if(F, s);
    case STMT_FOR:
        if (s->u.for_.is_async)
            return fe_error(F, s->pos, TY_SYNTAX_ERROR,
                            "async for is not supported in a tile kernel");
        return fe_for(F, s);
    case STMT_WHILE: return fe_while(F, s);
    case STMT_BREAK:
    case STMT_CONTINUE:
        if (!F->loop_depth)
            return fe_error(F, s->pos, TY_SYNTAX_ERROR,
                            "'%s' outside a run-time loop (loops over a compile-time tuple are "
                            "unrolled and cannot break)",
                            s->kind == STMT_BREAK ? "break" : "continue");
        return fe_op(F, s->kind == STMT_BREAK ? TOP_BREAK : TOP_CONTINUE, 0, NULL, NULL) != NULL;
    case STMT_RETURN: return fe_return(F, s);
    case STMT_PASS: return true;
    case STMT_ASSERT: return fe_assert(F, s);
    case STMT_FUNCTIONDEF:
        return fe_error(F, s->pos, TY_SYNTAX_ERROR,
                        "nested function definitions are not supported in a tile kernel; define "
                        "'%s' at module level",
                        s->u.funcdef.name);
    case STMT_CLASSDEF:
        return fe_error(F, s->pos, TY_SYNTAX_ERROR,
                        "class definitions are not supported in a tile kernel");
    case STMT_WITH:
        return fe_error(F, s->pos, TY_SYNTAX_ERROR, "'with' is not supported in a tile kernel");
    case STMT_TRY:
        return fe_error(F, s->pos, TY_SYNTAX_ERROR, "'try' is not supported in a tile kernel");
    case STMT_MATCH:
        return fe_error(F, s->pos, TY_SYNTAX_ERROR, "'match' is not supported in a tile kernel");
    case STMT_RAISE:
        return fe_error(F, s->pos, TY_SYNTAX_ERROR, "'raise' is not supported in a tile kernel");
    case STMT_DELETE:
        return fe_error(F, s->pos, TY_SYNTAX_ERROR, "'del' is not supported in a tile kernel");
    case STMT_IMPORT:
    case STMT_IMPORTFROM:
        return fe_error(F, s->pos, TY_SYNTAX_ERROR, "'import' is not supported in a tile kernel");
    case STMT_GLOBAL:
    case STMT_NONLOCAL:
        return fe_error(F, s->pos, TY_SYNTAX_ERROR, "'%s' is not supported in a tile kernel",
                        s->kind == STMT_GLOBAL ? "global" : "nonlocal");
    }
    return fe_error(F, s->pos, TY_SYNTAX_ERROR, "unsupported statement in tile code");
}

bool fe_stmts(Front *F, const AstStmtList *body) {
    for (int i = 0; i < body->len; i++) {
        if (F->frame->returned) return true;
        if (!fe_stmt(F, body->items[i])) return false;
        /* code after a break/continue/return in the same region is dead */
        if (F->region->last && fe_region_terminated(F->region) && F->rt_depth > 0) {
            TileOpKind k = F->region->last->kind;
            if (k == TOP_BREAK || k == TOP_CONTINUE || k == TOP_RETURN) return true;
        }
    }
    return true;
}
