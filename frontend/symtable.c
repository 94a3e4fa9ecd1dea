/* symtable.c: the scope analysis pass of the compiler, after CPython 3.11's symtable.c.
 *
 * Pass one walks the AST and records, per scope, every name and how it is used. Pass two
 * (analyze_block) resolves names top-down with the set of names bound in enclosing
 * function scopes and bottom-up with the free names of nested scopes: a local captured by an
 * inner function becomes a cell, a name bound in no enclosing function is global. Class
 * scopes do not make their names visible to methods, but make the implicit __class__
 * available to them. Comprehensions are function scopes whose first iterable is evaluated
 * (and so visited) in the enclosing scope. Names are compared as C strings; the sets of
 * pass two are small linear arrays, which is fine for the sizes of real scopes. */
#include "symtable.h"

#include <stdio.h>
#include <string.h>

#include "../vm/gc.h"
#include "compile.h"

/* ---- small helpers ---- */

static uint32_t name_hash(const char *s) {
    uint32_t h = 2166136261u;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 16777619u;
    return h;
}

static bool grow(Interp *I, void **p, int *cap, int need, size_t elem) {
    if (need <= *cap) return true;
    int ncap = *cap ? *cap * 2 : 8;
    while (ncap < need)
        ncap *= 2;
    void *np = mem_realloc(I, *p, (size_t)*cap * elem, (size_t)ncap * elem);
    if (!np) return false;
    *p = np;
    *cap = ncap;
    return true;
}

static int st_error(SymTable *st, AstPos pos, const char *fmt, const char *name) {
    char msg[300];
    snprintf(msg, sizeof msg, fmt, name);
    compile_syntax_error(st->I, st->filename, st->source, pos, msg);
    return -1;
}

Symbol *scope_lookup(Scope *s, const char *name) {
    if (!s->index_cap) return NULL;
    uint32_t h = name_hash(name);
    uint32_t mask = (uint32_t)s->index_cap - 1;
    for (uint32_t i = h & mask;; i = (i + 1) & mask) {
        int32_t k = s->index[i];
        if (k < 0) return NULL;
        if (s->symbols[k].hash == h && strcmp(s->symbols[k].name, name) == 0) return &s->symbols[k];
    }
}

SymScope scope_of(Scope *s, const char *name) {
    Symbol *sym = scope_lookup(s, name);
    return sym ? sym->scope : SC_UNKNOWN;
}

static bool index_insert(Interp *I, Scope *s, int k) {
    if ((s->nsymbols + 1) * 2 > s->index_cap) {
        int ncap = s->index_cap ? s->index_cap * 2 : 16;
        int32_t *ni = mem_alloc(I, (size_t)ncap * sizeof(int32_t));
        if (!ni) return false;
        for (int i = 0; i < ncap; i++)
            ni[i] = -1;
        if (s->index) mem_free(I, s->index, (size_t)s->index_cap * sizeof(int32_t));
        s->index = ni;
        s->index_cap = ncap;
        for (int j = 0; j < s->nsymbols; j++) {
            uint32_t i = s->symbols[j].hash & (uint32_t)(ncap - 1);
            while (ni[i] >= 0)
                i = (i + 1) & (uint32_t)(ncap - 1);
            ni[i] = j;
        }
        if (k < s->nsymbols) return true; /* k was already among the rehashed */
    }
    uint32_t mask = (uint32_t)s->index_cap - 1;
    uint32_t i = s->symbols[k].hash & mask;
    while (s->index[i] >= 0)
        i = (i + 1) & mask;
    s->index[i] = k;
    return true;
}

static Symbol *scope_add_symbol(Interp *I, Scope *s, const char *name) {
    Symbol *sym = scope_lookup(s, name);
    if (sym) return sym;
    if (!grow(I, (void **)&s->symbols, &s->capsymbols, s->nsymbols + 1, sizeof(Symbol)))
        return NULL;
    int k = s->nsymbols;
    s->symbols[k] = (Symbol){.name = name, .hash = name_hash(name)};
    s->nsymbols++;
    if (!index_insert(I, s, k)) {
        s->nsymbols--;
        return NULL;
    }
    return &s->symbols[k];
}

const char *symtable_mangle(SymTable *st, const char *private_name, const char *name) {
    size_t nlen = strlen(name);
    if (!private_name || nlen < 2 || name[0] != '_' || name[1] != '_') return name;
    if ((nlen >= 2 && name[nlen - 1] == '_' && name[nlen - 2] == '_') || strchr(name, '.'))
        return name;
    while (*private_name == '_')
        private_name++;
    if (!*private_name) return name;
    size_t plen = strlen(private_name);
    if (!grow(st->I, (void **)&st->strs, &st->capstrs, st->nstrs + 1, sizeof(char *))) return NULL;
    char *m = mem_alloc(st->I, plen + nlen + 2);
    if (!m) return NULL;
    m[0] = '_';
    memcpy(m + 1, private_name, plen);
    memcpy(m + 1 + plen, name, nlen + 1);
    st->strs[st->nstrs++] = m;
    return m;
}

/* Record a use or definition of name in the current scope (CPython's symtable_add_def). */
static int add_def_in(SymTable *st, Scope *s, const char *name, unsigned flag, AstPos pos) {
    const char *mangled = symtable_mangle(st, st->private_name, name);
    if (!mangled) return -1;
    Symbol *sym = scope_add_symbol(st->I, s, mangled);
    if (!sym) return -1;
    if ((flag & DEF_PARAM) && (sym->flags & DEF_PARAM))
        return st_error(st, pos, "duplicate argument '%s' in function definition", mangled);
    sym->flags |= flag;
    if ((flag & (DEF_GLOBAL | DEF_NONLOCAL)) && sym->pos.line == 0) sym->pos = pos;
    if (flag & DEF_LOCAL && s->comp_iter_target) sym->flags |= DEF_COMP_ITER;
    /* A global statement in a function also makes the name global at module level. */
    if ((flag & DEF_GLOBAL) && s != st->top) {
        Symbol *g = scope_add_symbol(st->I, st->top, mangled);
        if (!g) return -1;
        g->flags |= DEF_GLOBAL;
    }
    return 0;
}

static int add_def(SymTable *st, const char *name, unsigned flag, AstPos pos) {
    return add_def_in(st, st->cur, name, flag, pos);
}

static int scope_enter(SymTable *st, ScopeKind kind, const char *name, const void *node,
                       AstPos pos) {
    Interp *I = st->I;
    Scope *s = mem_alloc(I, sizeof(Scope));
    if (!s) return -1;
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->name = name;
    s->node = node;
    s->line = pos.line;
    s->col = pos.col;
    s->parent = st->cur;
    if (!grow(I, (void **)&st->all, &st->capall, st->nall + 1, sizeof(Scope *))) {
        mem_free(I, s, sizeof(Scope));
        return -1;
    }
    st->all[st->nall++] = s;
    if (st->cur) {
        Scope *p = st->cur;
        if (!grow(I, (void **)&p->children, &p->capchildren, p->nchildren + 1, sizeof(Scope *)))
            return -1;
        p->children[p->nchildren++] = s;
        s->nested = p->nested || p->kind == SCOPE_FUNCTION;
    } else {
        st->top = s;
    }
    st->cur = s;
    return 0;
}

static void scope_exit(SymTable *st) {
    st->cur = st->cur->parent;
}

Scope *symtable_lookup_scope(SymTable *st, const void *node) {
    for (int i = 0; i < st->nall; i++)
        if (st->all[i]->node == node) return st->all[i];
    return NULL;
}

/* ---- pass one: the visitor ---- */

static int visit_expr(SymTable *st, AstExpr *e);
static int visit_stmt(SymTable *st, AstStmt *s);

static int visit_exprs(SymTable *st, const AstExprList *l) {
    for (int i = 0; i < l->len; i++)
        if (l->items[i] && visit_expr(st, l->items[i]) < 0) return -1;
    return 0;
}

static int visit_stmts(SymTable *st, const AstStmtList *l) {
    for (int i = 0; i < l->len; i++)
        if (visit_stmt(st, l->items[i]) < 0) return -1;
    return 0;
}

static int visit_params(SymTable *st, AstArg *a, int n) {
    for (int i = 0; i < n; i++)
        if (add_def(st, a[i].name, DEF_PARAM, a[i].pos) < 0) return -1;
    return 0;
}

static int visit_annotation(SymTable *st, AstArg *a) {
    return a && a->annotation ? visit_expr(st, a->annotation) : 0;
}

/* Defaults and annotations are evaluated in the enclosing scope. */
static int visit_arg_defaults(SymTable *st, AstArguments *args, AstExpr *returns) {
    if (visit_exprs(st, &args->defaults) < 0) return -1;
    for (int i = 0; i < args->nkwonly; i++)
        if (args->kw_defaults && args->kw_defaults[i] && visit_expr(st, args->kw_defaults[i]) < 0)
            return -1;
    for (int i = 0; i < args->nposonly; i++)
        if (visit_annotation(st, &args->posonly[i]) < 0) return -1;
    for (int i = 0; i < args->nargs; i++)
        if (visit_annotation(st, &args->args[i]) < 0) return -1;
    if (visit_annotation(st, args->vararg) < 0) return -1;
    for (int i = 0; i < args->nkwonly; i++)
        if (visit_annotation(st, &args->kwonly[i]) < 0) return -1;
    if (visit_annotation(st, args->kwarg) < 0) return -1;
    if (returns && visit_expr(st, returns) < 0) return -1;
    return 0;
}

static int visit_arguments(SymTable *st, AstArguments *args) {
    if (visit_params(st, args->posonly, args->nposonly) < 0 ||
        visit_params(st, args->args, args->nargs) < 0 ||
        visit_params(st, args->kwonly, args->nkwonly) < 0)
        return -1;
    if (args->vararg && add_def(st, args->vararg->name, DEF_PARAM, args->vararg->pos) < 0)
        return -1;
    if (args->kwarg && add_def(st, args->kwarg->name, DEF_PARAM, args->kwarg->pos) < 0) return -1;
    return 0;
}

static const char *comp_scope_name(CompKind k) {
    switch (k) {
    case COMP_LIST: return "listcomp";
    case COMP_SET: return "setcomp";
    case COMP_DICT: return "dictcomp";
    default: return "genexpr";
    }
}

/* An await (or async for/with, or an asynchronous comprehension) in the module's own code
 * under PARSE_TOP_AWAIT makes the module code a coroutine; elsewhere the compiler says
 * "'await' outside function". */
static void top_await(SymTable *st) {
    if (st->top_await && st->cur == st->top) st->top->coroutine = true;
}

static int visit_comprehension(SymTable *st, AstExpr *e, CompKind kind) {
    AstComprehension *gens = e->u.comp.generators;
    /* The outermost iterable is evaluated in the enclosing scope. */
    st->cur->comp_iter_expr++;
    int r = visit_expr(st, gens[0].iter);
    st->cur->comp_iter_expr--;
    if (r < 0) return -1;
    if (scope_enter(st, SCOPE_FUNCTION, comp_scope_name(kind), e, e->pos) < 0) return -1;
    Scope *s = st->cur;
    s->comp_kind = kind;
    s->generator = kind == COMP_GENEXP;
    if (gens[0].is_async) s->coroutine = true;
    if (add_def(st, ".0", DEF_PARAM, e->pos) < 0) return -1;
    for (int i = 0; i < e->u.comp.ngenerators; i++) {
        AstComprehension *g = &gens[i];
        s->comp_iter_target++;
        r = visit_expr(st, g->target);
        s->comp_iter_target--;
        if (r < 0) return -1;
        if (i > 0) {
            s->comp_iter_expr++;
            r = visit_expr(st, g->iter);
            s->comp_iter_expr--;
            if (r < 0) return -1;
        }
        if (visit_exprs(st, &g->ifs) < 0) return -1;
        if (g->is_async) s->coroutine = true;
    }
    if (e->u.comp.value && visit_expr(st, e->u.comp.value) < 0) return -1;
    if (e->u.comp.elt && visit_expr(st, e->u.comp.elt) < 0) return -1;
    scope_exit(st);
    if (s->coroutine && kind != COMP_GENEXP) top_await(st); /* awaited where it is */
    return 0;
}

/* The walrus inside a comprehension binds in the nearest enclosing function (or module). */
static int extend_namedexpr_scope(SymTable *st, AstExpr *target) {
    const char *name = target->u.name.id;
    AstPos pos = target->pos;
    for (Scope *s = st->cur; s; s = s->parent) {
        if (s->comp_kind != COMP_NONE) {
            Symbol *sym = scope_lookup(s, name);
            if (sym && (sym->flags & DEF_COMP_ITER))
                return st_error(st, pos,
                                "assignment expression cannot rebind comprehension "
                                "iteration variable '%s'",
                                name);
            continue;
        }
        if (s->kind == SCOPE_FUNCTION) {
            Symbol *sym = scope_lookup(s, name);
            unsigned f = sym && (sym->flags & DEF_GLOBAL) ? DEF_GLOBAL : DEF_NONLOCAL;
            if (add_def(st, name, f, pos) < 0) return -1;
            return add_def_in(st, s, name, DEF_LOCAL, pos);
        }
        if (s->kind == SCOPE_MODULE) {
            if (add_def(st, name, DEF_GLOBAL, pos) < 0) return -1;
            return add_def_in(st, s, name, DEF_GLOBAL, pos);
        }
        return st_error(st, pos,
                        "assignment expression within a comprehension cannot be used in a "
                        "class body%s",
                        "");
    }
    return 0;
}

static int visit_expr_inner(SymTable *st, AstExpr *e);

static int visit_expr(SymTable *st, AstExpr *e) {
    if (!c_recursion_enter(st->I, " during compilation")) return -1;
    int r = visit_expr_inner(st, e);
    c_recursion_leave(st->I);
    return r;
}

static int visit_expr_inner(SymTable *st, AstExpr *e) {
    switch (e->kind) {
    case EXPR_BOOLOP: return visit_exprs(st, &e->u.boolop.values);
    case EXPR_NAMEDEXPR:
        if (st->cur->comp_iter_expr > 0)
            return st_error(st, e->pos,
                            "assignment expression cannot be used in a comprehension "
                            "iterable expression%s",
                            "");
        if (st->cur->comp_kind != COMP_NONE && extend_namedexpr_scope(st, e->u.named.target) < 0)
            return -1;
        if (visit_expr(st, e->u.named.value) < 0) return -1;
        return visit_expr(st, e->u.named.target);
    case EXPR_BINOP:
        if (visit_expr(st, e->u.binop.left) < 0) return -1;
        return visit_expr(st, e->u.binop.right);
    case EXPR_UNARYOP: return visit_expr(st, e->u.unary.operand);
    case EXPR_LAMBDA: {
        AstArguments *args = e->u.lambda.args;
        if (visit_exprs(st, &args->defaults) < 0) return -1;
        for (int i = 0; i < args->nkwonly; i++)
            if (args->kw_defaults && args->kw_defaults[i] &&
                visit_expr(st, args->kw_defaults[i]) < 0)
                return -1;
        if (scope_enter(st, SCOPE_FUNCTION, "lambda", e, e->pos) < 0) return -1;
        st->cur->is_lambda = true;
        if (visit_arguments(st, args) < 0 || visit_expr(st, e->u.lambda.body) < 0) return -1;
        scope_exit(st);
        return 0;
    }
    case EXPR_IFEXP:
        if (visit_expr(st, e->u.ifexp.test) < 0 || visit_expr(st, e->u.ifexp.body) < 0) return -1;
        return visit_expr(st, e->u.ifexp.orelse);
    case EXPR_DICT:
        if (visit_exprs(st, &e->u.dict.keys) < 0) return -1;
        return visit_exprs(st, &e->u.dict.values);
    case EXPR_SET:
    case EXPR_LIST:
    case EXPR_TUPLE:
    case EXPR_JOINEDSTR:
    case EXPR_TEMPLATESTR: return visit_exprs(st, &e->u.seq.elts);
    case EXPR_LISTCOMP: return visit_comprehension(st, e, COMP_LIST);
    case EXPR_SETCOMP: return visit_comprehension(st, e, COMP_SET);
    case EXPR_DICTCOMP: return visit_comprehension(st, e, COMP_DICT);
    case EXPR_GENEXP: return visit_comprehension(st, e, COMP_GENEXP);
    case EXPR_YIELD:
    case EXPR_YIELDFROM: {
        Scope *s = st->cur;
        if (s->comp_kind != COMP_NONE) {
            static const char *const what[] = {"", "list comprehension", "set comprehension",
                                               "dict comprehension", "generator expression"};
            return st_error(st, e->pos, "'yield' inside %s", what[s->comp_kind]);
        }
        s->generator = true;
        return e->u.value.value ? visit_expr(st, e->u.value.value) : 0;
    }
    case EXPR_AWAIT:
        /* an await makes a comprehension asynchronous, as CPython's symtable does */
        if (st->cur->comp_kind != COMP_NONE) st->cur->coroutine = true;
        top_await(st);
        return visit_expr(st, e->u.value.value);
    case EXPR_COMPARE:
        if (visit_expr(st, e->u.compare.left) < 0) return -1;
        return visit_exprs(st, &e->u.compare.comparators);
    case EXPR_CALL:
        if (visit_expr(st, e->u.call.func) < 0 || visit_exprs(st, &e->u.call.args) < 0) return -1;
        for (int i = 0; i < e->u.call.nkeywords; i++)
            if (visit_expr(st, e->u.call.keywords[i].value) < 0) return -1;
        return 0;
    case EXPR_FORMATTED:
    case EXPR_INTERPOLATION:
        if (visit_expr(st, e->u.formatted.value) < 0) return -1;
        return e->u.formatted.format_spec ? visit_expr(st, e->u.formatted.format_spec) : 0;
    case EXPR_CONSTANT: return 0;
    case EXPR_ATTRIBUTE: return visit_expr(st, e->u.attribute.value);
    case EXPR_SUBSCRIPT:
        if (visit_expr(st, e->u.subscript.value) < 0) return -1;
        return visit_expr(st, e->u.subscript.slice);
    case EXPR_STARRED: return visit_expr(st, e->u.starred.value);
    case EXPR_SLICE:
        if (e->u.slice.lower && visit_expr(st, e->u.slice.lower) < 0) return -1;
        if (e->u.slice.upper && visit_expr(st, e->u.slice.upper) < 0) return -1;
        return e->u.slice.step ? visit_expr(st, e->u.slice.step) : 0;
    case EXPR_NAME:
        if (add_def(st, e->u.name.id, e->u.name.ctx == CTX_LOAD ? DEF_USE : DEF_LOCAL, e->pos) < 0)
            return -1;
        /* super() needs the implicit __class__ cell of the enclosing class. */
        if (e->u.name.ctx == CTX_LOAD && st->cur->kind == SCOPE_FUNCTION &&
            strcmp(e->u.name.id, "super") == 0)
            return add_def(st, "__class__", DEF_USE, e->pos);
        return 0;
    }
    return 0;
}

static int visit_directive(SymTable *st, AstStmt *s, bool global) {
    const char *kind = global ? "global" : "nonlocal";
    for (int i = 0; i < s->u.names.nnames; i++) {
        const char *name = s->u.names.names[i];
        const char *mangled = symtable_mangle(st, st->private_name, name);
        if (!mangled) return -1;
        Symbol *sym = scope_lookup(st->cur, mangled);
        unsigned cur = sym ? sym->flags : 0;
        if (cur & (DEF_PARAM | DEF_LOCAL | DEF_USE | DEF_ANNOT)) {
            char msg[300];
            if (cur & DEF_PARAM)
                snprintf(msg, sizeof msg, "name '%s' is parameter and %s", name, kind);
            else if (cur & DEF_USE)
                snprintf(msg, sizeof msg, "name '%s' is used prior to %s declaration", name, kind);
            else if (cur & DEF_ANNOT)
                snprintf(msg, sizeof msg, "annotated name '%s' can't be %s", name, kind);
            else
                snprintf(msg, sizeof msg, "name '%s' is assigned to before %s declaration", name,
                         kind);
            compile_syntax_error(st->I, st->filename, st->source, s->pos, msg);
            return -1;
        }
        if (add_def(st, name, global ? DEF_GLOBAL : DEF_NONLOCAL, s->pos) < 0) return -1;
    }
    return 0;
}

static int visit_stmt_inner(SymTable *st, AstStmt *s);

/* A match pattern binds its capture names; value and class expressions are loads. */
static int visit_pattern(SymTable *st, AstPattern *pt) {
    if (pt->value && visit_expr(st, pt->value) < 0) return -1;
    if (pt->name && add_def(st, pt->name, DEF_LOCAL, pt->pos) < 0) return -1;
    if (pt->rest && add_def(st, pt->rest, DEF_LOCAL, pt->pos) < 0) return -1;
    if (pt->pattern && visit_pattern(st, pt->pattern) < 0) return -1;
    for (int i = 0; i < pt->npatterns; i++) {
        if (pt->keys && visit_expr(st, pt->keys[i]) < 0) return -1;
        if (visit_pattern(st, pt->patterns[i]) < 0) return -1;
    }
    for (int i = 0; i < pt->nkwd; i++)
        if (visit_pattern(st, pt->kwd_patterns[i]) < 0) return -1;
    return 0;
}

static int visit_stmt(SymTable *st, AstStmt *s) {
    if (!c_recursion_enter(st->I, " during compilation")) return -1;
    int r = visit_stmt_inner(st, s);
    c_recursion_leave(st->I);
    return r;
}

static int visit_stmt_inner(SymTable *st, AstStmt *s) {
    switch (s->kind) {
    case STMT_FUNCTIONDEF: {
        if (add_def(st, s->u.funcdef.name, DEF_LOCAL, s->pos) < 0) return -1;
        if (visit_exprs(st, &s->u.funcdef.decorators) < 0) return -1;
        if (visit_arg_defaults(st, s->u.funcdef.args, s->u.funcdef.returns) < 0) return -1;
        if (scope_enter(st, SCOPE_FUNCTION, s->u.funcdef.name, s, s->pos) < 0) return -1;
        st->cur->coroutine = s->u.funcdef.is_async;
        if (visit_arguments(st, s->u.funcdef.args) < 0 || visit_stmts(st, &s->u.funcdef.body) < 0)
            return -1;
        scope_exit(st);
        return 0;
    }
    case STMT_CLASSDEF: {
        if (add_def(st, s->u.classdef.name, DEF_LOCAL, s->pos) < 0) return -1;
        if (visit_exprs(st, &s->u.classdef.bases) < 0) return -1;
        for (int i = 0; i < s->u.classdef.nkeywords; i++)
            if (visit_expr(st, s->u.classdef.keywords[i].value) < 0) return -1;
        if (visit_exprs(st, &s->u.classdef.decorators) < 0) return -1;
        if (scope_enter(st, SCOPE_CLASS, s->u.classdef.name, s, s->pos) < 0) return -1;
        const char *saved = st->private_name;
        st->private_name = s->u.classdef.name;
        st->cur->has_annotations = body_has_annotations(&s->u.classdef.body);
        int r = visit_stmts(st, &s->u.classdef.body);
        st->private_name = saved;
        if (r < 0) return -1;
        scope_exit(st);
        return 0;
    }
    case STMT_RETURN:
    case STMT_EXPR: return s->u.value.value ? visit_expr(st, s->u.value.value) : 0;
    case STMT_DELETE: return visit_exprs(st, &s->u.del.targets);
    case STMT_ASSIGN:
        if (visit_exprs(st, &s->u.assign.targets) < 0) return -1;
        return visit_expr(st, s->u.assign.value);
    case STMT_AUGASSIGN:
        if (visit_expr(st, s->u.augassign.target) < 0) return -1;
        return visit_expr(st, s->u.augassign.value);
    case STMT_ANNASSIGN: {
        AstExpr *t = s->u.annassign.target;
        if (t->kind == EXPR_NAME && s->u.annassign.simple) {
            Symbol *sym = scope_lookup(st->cur, t->u.name.id);
            if (sym && (sym->flags & (DEF_GLOBAL | DEF_NONLOCAL)) &&
                st->cur->kind != SCOPE_MODULE) {
                const char *k = sym->flags & DEF_GLOBAL ? "global" : "nonlocal";
                char msg[300];
                snprintf(msg, sizeof msg, "annotated name '%s' can't be %s", t->u.name.id, k);
                compile_syntax_error(st->I, st->filename, st->source, s->pos, msg);
                return -1;
            }
            if (add_def(st, t->u.name.id, DEF_ANNOT | DEF_LOCAL, t->pos) < 0) return -1;
        } else if (visit_expr(st, t) < 0) {
            return -1;
        }
        if (visit_expr(st, s->u.annassign.annotation) < 0) return -1;
        return s->u.annassign.value ? visit_expr(st, s->u.annassign.value) : 0;
    }
    case STMT_FOR:
        if (s->u.for_.is_async) top_await(st);
        if (visit_expr(st, s->u.for_.target) < 0 || visit_expr(st, s->u.for_.iter) < 0) return -1;
        if (visit_stmts(st, &s->u.for_.body) < 0) return -1;
        return visit_stmts(st, &s->u.for_.orelse);
    case STMT_WHILE:
    case STMT_IF:
        if (visit_expr(st, s->u.if_.test) < 0 || visit_stmts(st, &s->u.if_.body) < 0) return -1;
        return visit_stmts(st, &s->u.if_.orelse);
    case STMT_WITH:
        if (s->u.with.is_async) top_await(st);
        for (int i = 0; i < s->u.with.nitems; i++) {
            AstWithItem *it = &s->u.with.items[i];
            if (visit_expr(st, it->context_expr) < 0) return -1;
            if (it->optional_vars && visit_expr(st, it->optional_vars) < 0) return -1;
        }
        return visit_stmts(st, &s->u.with.body);
    case STMT_RAISE:
        if (s->u.raise.exc && visit_expr(st, s->u.raise.exc) < 0) return -1;
        return s->u.raise.cause ? visit_expr(st, s->u.raise.cause) : 0;
    case STMT_TRY:
        if (visit_stmts(st, &s->u.try_.body) < 0) return -1;
        for (int i = 0; i < s->u.try_.nhandlers; i++) {
            AstHandler *h = &s->u.try_.handlers[i];
            if (h->type && visit_expr(st, h->type) < 0) return -1;
            if (h->name && add_def(st, h->name, DEF_LOCAL, h->pos) < 0) return -1;
            if (visit_stmts(st, &h->body) < 0) return -1;
        }
        if (visit_stmts(st, &s->u.try_.orelse) < 0) return -1;
        return visit_stmts(st, &s->u.try_.finalbody);
    case STMT_MATCH:
        if (visit_expr(st, s->u.match.subject) < 0) return -1;
        for (int i = 0; i < s->u.match.ncases; i++) {
            AstMatchCase *mc = &s->u.match.cases[i];
            if (visit_pattern(st, mc->pattern) < 0) return -1;
            if (mc->guard && visit_expr(st, mc->guard) < 0) return -1;
            if (visit_stmts(st, &mc->body) < 0) return -1;
        }
        return 0;
    case STMT_ASSERT:
        if (visit_expr(st, s->u.assert_.test) < 0) return -1;
        return s->u.assert_.msg ? visit_expr(st, s->u.assert_.msg) : 0;
    case STMT_IMPORT:
    case STMT_IMPORTFROM:
        for (int i = 0; i < s->u.import.nnames; i++) {
            AstAlias *a = &s->u.import.names[i];
            if (strcmp(a->name, "*") == 0) {
                if (st->cur->kind != SCOPE_MODULE)
                    return st_error(st, a->pos.line ? a->pos : s->pos,
                                    "import * only allowed at module level%s", "");
                continue;
            }
            const char *bound = a->asname;
            char buf[256];
            if (!bound) {
                /* `import a.b.c` binds a */
                const char *dot = strchr(a->name, '.');
                bound = a->name;
                if (dot && s->kind == STMT_IMPORT) {
                    size_t n = (size_t)(dot - a->name);
                    if (n >= sizeof buf) n = sizeof buf - 1;
                    memcpy(buf, a->name, n);
                    buf[n] = 0;
                    /* keep a stable copy: the pool owns it */
                    if (!grow(st->I, (void **)&st->strs, &st->capstrs, st->nstrs + 1,
                              sizeof(char *)))
                        return -1;
                    char *copy = mem_alloc(st->I, n + 1);
                    if (!copy) return -1;
                    memcpy(copy, buf, n + 1);
                    st->strs[st->nstrs++] = copy;
                    bound = copy;
                }
            }
            if (add_def(st, bound, DEF_IMPORT, a->pos) < 0) return -1;
        }
        return 0;
    case STMT_GLOBAL: return visit_directive(st, s, true);
    case STMT_NONLOCAL: return visit_directive(st, s, false);
    case STMT_PASS:
    case STMT_BREAK:
    case STMT_CONTINUE: return 0;
    }
    return 0;
}

/* ---- pass two: resolution (CPython's analyze_block) ---- */

/* A set of names: the names in an array (for iteration) and an open-addressing index over
 * them (slot: position in items, -1 empty, -2 deleted), so that resolving a scope of 100k
 * names takes linear time. */
typedef struct NameSet {
    const char **items;
    int len, cap;
    int32_t *slots;
    int nslots, ndead;
} NameSet;

static uint32_t set_hash(const char *n) {
    return name_hash(n);
}

/* The slot holding n, or -1. */
static int set_find(const NameSet *s, const char *n) {
    if (!s->nslots) return -1;
    uint32_t mask = (uint32_t)s->nslots - 1;
    for (uint32_t j = set_hash(n) & mask;; j = (j + 1) & mask) {
        int32_t k = s->slots[j];
        if (k == -1) return -1;
        if (k >= 0 && strcmp(s->items[k], n) == 0) return (int)j;
    }
}

static bool set_has(const NameSet *s, const char *n) {
    return set_find(s, n) >= 0;
}

static int set_reindex(Interp *I, NameSet *s, int want) {
    int ncap = 16;
    while (ncap < 2 * want)
        ncap *= 2;
    int32_t *ns = mem_alloc(I, (size_t)ncap * sizeof(int32_t));
    if (!ns) return -1;
    memset(ns, 0xff, (size_t)ncap * sizeof(int32_t));
    uint32_t mask = (uint32_t)ncap - 1;
    for (int i = 0; i < s->len; i++) {
        uint32_t j = set_hash(s->items[i]) & mask;
        while (ns[j] != -1)
            j = (j + 1) & mask;
        ns[j] = i;
    }
    if (s->slots) mem_free(I, s->slots, (size_t)s->nslots * sizeof(int32_t));
    s->slots = ns;
    s->nslots = ncap;
    s->ndead = 0;
    return 0;
}

static int set_add(Interp *I, NameSet *s, const char *n) {
    if (set_has(s, n)) return 0;
    if (!grow(I, (void **)&s->items, &s->cap, s->len + 1, sizeof(char *))) return -1;
    if (2 * (s->len + s->ndead + 1) > s->nslots && set_reindex(I, s, s->len + 1) < 0) return -1;
    uint32_t mask = (uint32_t)s->nslots - 1, j = set_hash(n) & mask;
    while (s->slots[j] != -1)
        j = (j + 1) & mask;
    s->slots[j] = s->len;
    s->items[s->len++] = n;
    return 0;
}

static void set_discard(NameSet *s, const char *n) {
    int j = set_find(s, n);
    if (j < 0) return;
    int i = s->slots[j], last = s->len - 1;
    s->slots[j] = -2;
    s->ndead++;
    if (i != last) { /* move the last name into the hole, and its slot with it */
        s->slots[set_find(s, s->items[last])] = i;
        s->items[i] = s->items[last];
    }
    s->len--;
}

static int set_update(Interp *I, NameSet *dst, const NameSet *src) {
    for (int i = 0; i < src->len; i++)
        if (set_add(I, dst, src->items[i]) < 0) return -1;
    return 0;
}

static int set_copy(Interp *I, NameSet *dst, const NameSet *src) {
    *dst = (NameSet){0};
    return src ? set_update(I, dst, src) : 0;
}

static void set_free(Interp *I, NameSet *s) {
    if (s->items) mem_free(I, s->items, (size_t)s->cap * sizeof(char *));
    if (s->slots) mem_free(I, s->slots, (size_t)s->nslots * sizeof(int32_t));
    *s = (NameSet){0};
}

static int analyze_name(SymTable *st, Scope *s, Symbol *sym, NameSet *bound, NameSet *local,
                        NameSet *free, NameSet *global) {
    Interp *I = st->I;
    const char *name = sym->name;
    unsigned flags = sym->flags;
    if (flags & DEF_GLOBAL) {
        if (flags & DEF_NONLOCAL)
            return st_error(st, sym->pos, "name '%s' is nonlocal and global", name);
        sym->scope = SC_GLOBAL_EXPLICIT;
        if (set_add(I, global, name) < 0) return -1;
        if (bound) set_discard(bound, name);
        return 0;
    }
    if (flags & DEF_NONLOCAL) {
        if (!bound)
            return st_error(st, sym->pos, "nonlocal declaration not allowed at module level%s", "");
        if (!set_has(bound, name))
            return st_error(st, sym->pos, "no binding for nonlocal '%s' found", name);
        sym->scope = SC_FREE;
        s->has_free = true;
        return set_add(I, free, name);
    }
    if (flags & DEF_BOUND) {
        sym->scope = SC_LOCAL;
        if (set_add(I, local, name) < 0) return -1;
        set_discard(global, name);
        return 0;
    }
    if (bound && set_has(bound, name)) {
        sym->scope = SC_FREE;
        s->has_free = true;
        return set_add(I, free, name);
    }
    if (global && set_has(global, name)) {
        sym->scope = SC_GLOBAL_IMPLICIT;
        return 0;
    }
    if (s->nested) s->has_free = true;
    sym->scope = SC_GLOBAL_IMPLICIT;
    return 0;
}

static int analyze_block(SymTable *st, Scope *s, NameSet *bound, NameSet *free, NameSet *global);

static int analyze_child(SymTable *st, Scope *child, NameSet *bound, NameSet *free, NameSet *global,
                         NameSet *child_free) {
    Interp *I = st->I;
    NameSet tb = {0}, tf = {0}, tg = {0}; /* each freed below, whichever copy failed */
    int r = -1;
    if (set_copy(I, &tb, bound) < 0 || set_copy(I, &tf, free) < 0 || set_copy(I, &tg, global) < 0)
        goto done;
    if (analyze_block(st, child, &tb, &tf, &tg) < 0) goto done;
    r = set_update(I, child_free, &tf);
done:
    set_free(I, &tb);
    set_free(I, &tf);
    set_free(I, &tg);
    return r;
}

static int analyze_block(SymTable *st, Scope *s, NameSet *bound, NameSet *free, NameSet *global) {
    Interp *I = st->I;
    NameSet local = {0}, newbound = {0}, newfree = {0}, newglobal = {0}, allfree = {0};
    int r = -1;
    if (s->kind == SCOPE_CLASS) {
        if (set_update(I, &newglobal, global) < 0) goto done;
        if (bound && set_update(I, &newbound, bound) < 0) goto done;
    }
    for (int i = 0; i < s->nsymbols; i++)
        if (analyze_name(st, s, &s->symbols[i], s->kind == SCOPE_MODULE ? NULL : bound, &local,
                         free, global) < 0)
            goto done;
    if (s->kind != SCOPE_CLASS) {
        if (s->kind == SCOPE_FUNCTION && set_update(I, &newbound, &local) < 0) goto done;
        if (bound && s->kind != SCOPE_MODULE && set_update(I, &newbound, bound) < 0) goto done;
        if (set_update(I, &newglobal, global) < 0) goto done;
    } else if (set_add(I, &newbound, "__class__") < 0) {
        goto done;
    }
    for (int i = 0; i < s->nchildren; i++) {
        Scope *child = s->children[i];
        if (analyze_child(st, child, &newbound, &newfree, &newglobal, &allfree) < 0) goto done;
        if (child->has_free || child->child_free) s->child_free = true;
    }
    if (set_update(I, &newfree, &allfree) < 0) goto done;
    if (s->kind == SCOPE_FUNCTION) {
        /* locals captured by children become cells */
        for (int i = 0; i < s->nsymbols; i++) {
            Symbol *sym = &s->symbols[i];
            if (sym->scope == SC_LOCAL && set_has(&newfree, sym->name)) {
                sym->scope = SC_CELL;
                set_discard(&newfree, sym->name);
            }
        }
    } else if (s->kind == SCOPE_CLASS && set_has(&newfree, "__class__")) {
        set_discard(&newfree, "__class__");
        s->needs_class_closure = true;
    }
    /* Free names of children not resolved here pass through this scope. */
    for (int i = 0; i < newfree.len; i++) {
        const char *name = newfree.items[i];
        Symbol *sym = scope_lookup(s, name);
        if (sym) {
            if (s->kind == SCOPE_CLASS && (sym->flags & (DEF_BOUND | DEF_GLOBAL)))
                sym->flags |= DEF_FREE_CLASS;
            continue;
        }
        if (s->kind == SCOPE_MODULE || (bound && !set_has(bound, name))) continue;
        sym = scope_add_symbol(I, s, name);
        if (!sym) goto done;
        sym->scope = SC_FREE;
    }
    r = set_update(I, free, &newfree);
done:
    set_free(I, &local);
    set_free(I, &newbound);
    set_free(I, &newfree);
    set_free(I, &newglobal);
    set_free(I, &allfree);
    return r;
}

bool symtable_build(Interp *I, SymTable *st, AstModule *mod, int mode, Str *filename, Str *source) {
    memset(st, 0, sizeof *st);
    st->I = I;
    st->filename = filename;
    st->source = source;
    st->top_await = (mode & PARSE_TOP_AWAIT) != 0;
    mode &= ~PARSE_TOP_AWAIT;
    AstPos pos = {1, 0, 1, 0};
    if (scope_enter(st, SCOPE_MODULE, "top", mod, pos) < 0) return false;
    st->top->has_annotations = mode == PARSE_FILE && body_has_annotations(&mod->body);
    if (visit_stmts(st, &mod->body) < 0) return false;
    NameSet free = {0}, global = {0};
    int r = analyze_block(st, st->top, NULL, &free, &global);
    set_free(I, &free);
    set_free(I, &global);
    return r == 0;
}

void symtable_free(SymTable *st) {
    Interp *I = st->I;
    for (int i = 0; i < st->nall; i++) {
        Scope *s = st->all[i];
        if (s->children) mem_free(I, s->children, (size_t)s->capchildren * sizeof(Scope *));
        if (s->symbols) mem_free(I, s->symbols, (size_t)s->capsymbols * sizeof(Symbol));
        if (s->index) mem_free(I, s->index, (size_t)s->index_cap * sizeof(int32_t));
        mem_free(I, s, sizeof(Scope));
    }
    if (st->all) mem_free(I, st->all, (size_t)st->capall * sizeof(Scope *));
    for (int i = 0; i < st->nstrs; i++)
        mem_free(I, st->strs[i], strlen(st->strs[i]) + 1);
    if (st->strs) mem_free(I, st->strs, (size_t)st->capstrs * sizeof(char *));
    memset(st, 0, sizeof *st);
}
