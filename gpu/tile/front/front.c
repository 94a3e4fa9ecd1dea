/* front.c: the front's entry points (tile_front_signature, tile_front_build), the parsed
 * source cache, finding a function's def, errors, name scopes, host values, and inlining of
 * helper functions.
 *
 * Names resolve the way Python would at the moment of the launch: locals of the function
 * being walked, then its globals, then builtins. Globals are read at compile time and
 * folded into the IR (cuTile: "a global object that is defined at the time of compilation
 * or launch" is a constant), so changing a global after the first launch does not
 * recompile -- as in cuTile. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../../../frontend/parser.h"
#include "../../../vm/dict.h"
#include "../../../vm/gc.h"
#include "../passes/passes.h"
#include "front_internal.h"

enum { FE_MAX_INLINE_DEPTH = 48 };

/* ---------------------------------------------------------------- errors and memory */

bool fe_error(Front *F, AstPos pos, TypeId kind, const char *fmt, ...) {
    char msg[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const char *file = F->frame ? F->frame->filename : F->f ? F->f->filename : "<kernel>";
    err_format(F->I, kind, "%s:%d: %s", file, pos.line, msg);
    return false;
}

bool fe_nomem(Front *F) {
    err_nomem(F->I);
    return false;
}

void *fe_alloc(Front *F, size_t size) {
    void *p = ast_alloc(&F->f->arena, size);
    if (!p) {
        F->f->failed = true;
        fe_nomem(F);
    }
    return p;
}

const char *fe_strdup(Front *F, const char *s, size_t n) {
    char *p = ast_strdup(&F->f->arena, s, n);
    if (!p) fe_nomem(F);
    return p;
}

/* ---------------------------------------------------------------- sources */

void tile_sources_trace(Interp *I, TileSources *s) {
    for (int i = 0; i < s->nfiles; i++)
        gc_mark_obj(I, (Obj *)s->files[i].source);
}

void tile_sources_free(Interp *I, TileSources *s) {
    for (int i = 0; i < s->nfiles; i++)
        ast_arena_free(&s->files[i].arena);
    if (s->files) mem_free(I, s->files, sizeof *s->files * (size_t)s->cap);
    memset(s, 0, sizeof *s);
}

static const char *fe_basename(const char *path);

static AstModule *fe_parsed(Front *F, Code *co) {
    Interp *I = F->I;
    TileSources *s = F->sources;
    Str *src = co->source ? co->source : co->text;
    for (int i = 0; i < s->nfiles; i++)
        if (s->files[i].source == src) return s->files[i].mod;
    if (s->nfiles == s->cap) {
        int ncap = s->cap ? s->cap * 2 : 4;
        void *p = mem_realloc(I, s->files, sizeof *s->files * (size_t)s->cap,
                              sizeof *s->files * (size_t)ncap);
        if (!p) return NULL;
        s->files = p;
        s->cap = ncap;
    }
    TileSourceFile *file = &s->files[s->nfiles];
    memset(file, 0, sizeof *file);
    file->arena.alloc = I->allocator.fn;
    file->arena.alloc_ud = I->allocator.ud;
    SyntaxErrorInfo err;
    memset(&err, 0, sizeof err);
    file->mod = parse_source(&file->arena, src->data, src->len, PARSE_FILE, &err);
    if (err.text) file->arena.alloc(file->arena.alloc_ud, err.text, strlen(err.text) + 1, 0);
    if (!file->mod) {
        ast_arena_free(&file->arena);
        if (err.kind && strcmp(err.kind, "MemoryError") == 0) return fe_nomem(F), NULL;
        err_format(I, TY_SYNTAX_ERROR, "%s:%d: %s",
                   fe_basename(co->filename ? co->filename->data : "?"), err.line, err.msg);
        return NULL;
    }
    file->source = src;
    s->nfiles++;
    return file->mod;
}

static AstStmt *fe_find_in(const AstStmtList *body, const char *name, int line) {
    for (int i = 0; i < body->len; i++) {
        AstStmt *s = body->items[i];
        const AstStmtList *subs[4] = {NULL, NULL, NULL, NULL};
        switch (s->kind) {
        case STMT_FUNCTIONDEF: {
            const AstExprList *d = &s->u.funcdef.decorators;
            int first = d->len ? d->items[0]->pos.line : s->pos.line;
            if (strcmp(s->u.funcdef.name, name) == 0 && (first == line || s->pos.line == line))
                return s;
            subs[0] = &s->u.funcdef.body;
            break;
        }
        case STMT_CLASSDEF: subs[0] = &s->u.classdef.body; break;
        case STMT_IF:
            subs[0] = &s->u.if_.body;
            subs[1] = &s->u.if_.orelse;
            break;
        case STMT_FOR:
            subs[0] = &s->u.for_.body;
            subs[1] = &s->u.for_.orelse;
            break;
        case STMT_WHILE:
            subs[0] = &s->u.while_.body;
            subs[1] = &s->u.while_.orelse;
            break;
        case STMT_WITH: subs[0] = &s->u.with.body; break;
        case STMT_TRY:
            subs[0] = &s->u.try_.body;
            subs[1] = &s->u.try_.orelse;
            subs[2] = &s->u.try_.finalbody;
            for (int h = 0; h < s->u.try_.nhandlers; h++) {
                AstStmt *r = fe_find_in(&s->u.try_.handlers[h].body, name, line);
                if (r) return r;
            }
            break;
        default: break;
        }
        for (int k = 0; k < 4 && subs[k]; k++) {
            AstStmt *r = fe_find_in(subs[k], name, line);
            if (r) return r;
        }
    }
    return NULL;
}

/* The base name of a script path: what errors show ("vadd.py:12: ..."). */
static const char *fe_basename(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash && slash[1] ? slash + 1 : path;
}

AstStmt *fe_find_def(Front *F, Value fn, const char **filename) {
    Function *func = (Function *)as_obj(fn);
    Code *co = func->code;
    *filename = fe_basename(co->filename ? co->filename->data : "<unknown>");
    if (!co->source && !co->text) {
        err_format(F->I, TY_TYPE_ERROR,
                   "%s:%d: the source of '%s' is not available: tile kernels and the helpers "
                   "they call must be defined in a script file",
                   *filename, co->firstlineno, co->name ? co->name->data : "?");
        return NULL;
    }
    AstModule *mod = fe_parsed(F, co);
    if (!mod) return NULL;
    AstStmt *def = fe_find_in(&mod->body, co->name ? co->name->data : "", co->firstlineno);
    if (!def) {
        err_format(F->I, TY_TYPE_ERROR,
                   "%s:%d: cannot find the definition of '%s' in its source (a lambda or a "
                   "function made by exec cannot be a tile kernel or helper)",
                   *filename, co->firstlineno, co->name ? co->name->data : "?");
        return NULL;
    }
    return def;
}

/* ---------------------------------------------------------------- host values */

int fe_intrinsic_of(Front *F, Value v) {
    if (!is_obj(v)) return -1;
    for (int i = 0; i < TI__COUNT; i++)
        if (is_obj(F->intrinsics[i]) && as_obj(F->intrinsics[i]) == as_obj(v)) return i;
    return -1;
}

static bool fe_type_is(Front *F, Value v, int intr) {
    Value cls = F->intrinsics[intr];
    return is_obj(cls) && is_obj(v) && (Obj *)type_of(F->I, v) == as_obj(cls);
}

/* The `name` attribute of a tile-module object (dtype or enum member), as a C string. */
static const char *fe_host_name(Front *F, Value v) {
    Str *key = str_intern_cstr(F->I, "name");
    if (!key) return NULL;
    Value n = obj_getattr_opt(F->I, v, key);
    if (is_null(n) || !is_str(F->I, n)) return NULL;
    return as_str(n)->data;
}

static int fe_enum_index(const char *name, int kind) {
    static const char *const paddings[] = {
#define X(id, nm) #id,
        TILE_PADDINGS(X)
#undef X
    };
    static const char *const orders[] = {
#define X(id, nm) #id,
        TILE_MEMORDERS(X)
#undef X
    };
    static const char *const scopes[] = {
#define X(id, nm) #id,
        TILE_MEMSCOPES(X)
#undef X
    };
    /* ct.RoundingMode: accepted on math ops; krait rounds to nearest either way */
    static const char *const roundings[] = {"RN", "RZ", "RM", "RP", "RA", "FULL", "APPROX", "RZI"};
    if (kind == FE_ENUM_ROUNDING) {
        for (int i = 0; i < 8; i++)
            if (strcmp(roundings[i], name) == 0) return i;
        return -1;
    }
    const char *const *names = kind == FE_ENUM_PADDING    ? paddings
                               : kind == FE_ENUM_MEMORDER ? orders
                                                          : scopes;
    int n = kind == FE_ENUM_PADDING    ? TP__COUNT
            : kind == FE_ENUM_MEMORDER ? TMO__COUNT
                                       : TMS__COUNT;
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0) return i;
    return -1;
}

bool fe_from_host(Front *F, AstPos pos, Value v, FrontValue *out) {
    Interp *I = F->I;
    memset(out, 0, sizeof *out);
    if (is_none(v)) return (*out = fv_none()), true;
    if (is_bool(v)) return (*out = fv_bool(v.as.i != 0)), true;
    if (is_smallint(v)) return (*out = fv_int(v.as.i)), true;
    if (is_float(v)) return (*out = fv_float(v.as.f)), true;
    if (is_int(I, v)) return fe_error(F, pos, TY_OVERFLOW_ERROR, "integer constant too large");
    if (is_str(I, v)) {
        out->kind = FV_STR;
        out->u.str.s = fe_strdup(F, as_str(v)->data, as_str(v)->len);
        return out->u.str.s != NULL;
    }
    if (is_obj(v) && (as_obj(v)->type->id == TY_TUPLE || as_obj(v)->type->id == TY_LIST)) {
        size_t n = as_obj(v)->type->id == TY_TUPLE ? as_tuple(v)->len : as_list(v)->len;
        Value *items = as_obj(v)->type->id == TY_TUPLE ? as_tuple(v)->items : as_list(v)->items;
        out->kind = FV_TUPLE;
        out->u.tuple.n = (int)n;
        out->u.tuple.items = n ? fe_alloc(F, sizeof(FrontValue) * n) : NULL;
        if (n && !out->u.tuple.items) return false;
        for (size_t i = 0; i < n; i++)
            if (!fe_from_host(F, pos, items[i], &out->u.tuple.items[i])) return false;
        return true;
    }
    if (F->host->foreign_dtype) {
        int dt = F->host->foreign_dtype(I, v);
        if (dt >= 0) return (*out = fv_dtype((TileDType)dt)), true;
    }
    if (fe_type_is(F, v, TI_DTYPE_CLASS)) {
        const char *name = fe_host_name(F, v);
        int dt = name ? tile_dtype_from_name(name) : -1;
        if (dt < 0) return fe_error(F, pos, TY_TYPE_ERROR, "unknown dtype object");
        return (*out = fv_dtype((TileDType)dt)), true;
    }
    static const int enum_classes[4] = {TI_PADDING_MODE, TI_MEMORY_ORDER, TI_MEMORY_SCOPE,
                                        TI_ROUNDING_MODE};
    for (int k = 0; k < 4; k++) {
        if (!fe_type_is(F, v, enum_classes[k])) continue;
        const char *name = fe_host_name(F, v);
        int idx = name ? fe_enum_index(name, k) : -1;
        if (idx < 0) return fe_error(F, pos, TY_TYPE_ERROR, "unknown enum member");
        out->kind = FV_ENUM;
        out->u.en.kind = k;
        out->u.en.value = idx;
        return true;
    }
    out->kind = FV_HOST;
    out->u.host.obj = v;
    out->u.host.intrinsic = fe_intrinsic_of(F, v);
    return true;
}

/* ---------------------------------------------------------------- scopes */

FrontVar *fe_lookup_local(Front *F, const char *name) {
    FrontFrame *fr = F->frame;
    for (int i = fr->nvars - 1; i >= 0; i--)
        if (strcmp(fr->vars[i].name, name) == 0) return &fr->vars[i];
    return NULL;
}

/* A new local (unbound); NULL after raising. */
static FrontVar *fe_new_local(Front *F, FrontFrame *fr, const char *name) {
    if (fr->nvars == fr->cap) {
        int ncap = fr->cap ? fr->cap * 2 : 16;
        FrontVar *nv = fe_alloc(F, sizeof *nv * (size_t)ncap);
        if (!nv) return NULL;
        if (fr->nvars) memcpy(nv, fr->vars, sizeof *nv * (size_t)fr->nvars);
        fr->vars = nv;
        fr->cap = ncap;
    }
    FrontVar *v = &fr->vars[fr->nvars++];
    memset(v, 0, sizeof *v);
    v->name = name;
    v->slot = -1;
    v->v.kind = FV_UNDEF;
    return v;
}

/* Assignment: a slot variable gets a VAR_WRITE of the value converted to the slot's type;
 * other variables are rebound. */
bool fe_bind(Front *F, AstPos pos, const char *name, FrontValue v) {
    FrontVar *var = fe_lookup_local(F, name);
    if (!var && !(var = fe_new_local(F, F->frame, name))) return false;
    if (var->slot >= 0) {
        TileVar *slot = &F->f->vars[var->slot];
        TileType want = slot->type;
        int value;
        if (v.kind == FV_TILE && tile_type_equal(fe_type(F, v.u.value), &want)) {
            value = v.u.value;
        } else if (fv_is_number(&v) && want.rank == 0) {
            value = fe_materialize(F, pos, v, want.dtype, false);
            if (value < 0) return false;
        } else if (F->rt_depth <= var->slot_depth) {
            /* outside the loops and ifs the slot serves: a plain rebinding */
            var->slot = -1;
            var->v = v;
            var->maybe_undef = var->loop_local = false;
            return true;
        } else {
            char a[96], b[96];
            return fe_error(F, pos, TY_TYPE_ERROR, "variable '%s' changes type %s from %s to %s",
                            name, F->loop_depth ? "in the loop" : "inside the if",
                            tile_type_format(&want, a, sizeof a), fv_describe(F, &v, b, sizeof b));
        }
        TileOp *op = fe_op(F, TOP_VAR_WRITE, 1, &value, NULL);
        if (!op) return false;
        op->var = var->slot;
        var->maybe_undef = false;
        var->loop_local = false;
        return true;
    }
    var->v = v;
    var->maybe_undef = false;
    var->loop_local = false;
    return true;
}

static Value fe_global(Front *F, const char *name, bool *found) {
    *found = false;
    Str *key = str_intern_cstr(F->I, name);
    if (!key) return V_NULL;
    Value v = dict_get_str(F->frame->globals, key);
    if (is_null(v)) {
        Function *fn = (Function *)as_obj(F->frame->fn);
        Dict *b = fn->builtins ? fn->builtins : F->I->builtins->dict;
        v = module_lazy_get(F->I, b, key);
    }
    *found = !is_null(v);
    return v;
}

bool fe_read_name(Front *F, AstPos pos, const char *name, FrontValue *out) {
    FrontVar *var = fe_lookup_local(F, name);
    if (var) {
        if (var->maybe_undef)
            return fe_error(F, pos, TY_TYPE_ERROR,
                            "variable '%s' is assigned in only some branches of an if before "
                            "this use; assign it on every path",
                            name);
        if (var->loop_local)
            return fe_error(F, pos, TY_TYPE_ERROR,
                            "variable '%s' is first assigned inside a loop and used after it; "
                            "give it a value before the loop",
                            name);
        if (var->slot >= 0) {
            TileType t = F->f->vars[var->slot].type;
            TileOp *op = fe_op(F, TOP_VAR_READ, 0, NULL, &t);
            if (!op) return false;
            op->var = var->slot;
            *out = fv_tile(op->result);
            return true;
        }
        if (var->v.kind != FV_UNDEF) {
            *out = var->v;
            return true;
        }
    }
    /* a variable of an enclosing host function (the helper or kernel is a closure): its
     * cell's value at compile time, as a global's */
    if (is_obj(F->frame->fn) && as_obj(F->frame->fn)->type->id == TY_FUNCTION) {
        Function *fn = (Function *)as_obj(F->frame->fn);
        Code *co = fn->code;
        for (uint32_t i = 0; fn->closure && i < co->nfreevars && i < fn->closure->len; i++) {
            if (strcmp(co->freevars[i]->data, name) != 0) continue;
            Value cell = fn->closure->items[i];
            Value c = is_obj(cell) ? ((Cell *)as_obj(cell))->contents : V_NULL;
            if (is_null(c))
                return fe_error(F, pos, TY_NAME_ERROR,
                                "cannot access free variable '%s' where it is not associated "
                                "with a value in enclosing scope",
                                name);
            return fe_from_host(F, pos, c, out);
        }
    }
    bool found;
    Value v = fe_global(F, name, &found);
    if (!found) {
        if (err_occurred(F->I)) return false;
        return fe_error(F, pos, TY_NAME_ERROR, "name '%s' is not defined", name);
    }
    return fe_from_host(F, pos, v, out);
}

/* ---------------------------------------------------------------- inlining */

static bool fe_bind_params(Front *F, FrontFrame *target, AstPos pos, Value fn, AstArguments *args,
                           int argc, const FrontValue *argv, int nkw, const char *const *kwnames,
                           const FrontValue *kwv) {
    Function *func = (Function *)as_obj(fn);
    const char *fname = func->name ? func->name->data : "?";
    if (args->vararg || args->kwarg)
        return fe_error(F, pos, TY_TYPE_ERROR,
                        "helper '%s' takes *args or **kwargs, which tile code does not support",
                        fname);
    int npos = args->nposonly + args->nargs;
    if (argc > npos)
        return fe_error(F, pos, TY_TYPE_ERROR,
                        "%s() takes %d positional arguments but %d were given", fname, npos, argc);
    FrontValue vals[64];
    bool have[64];
    int total = npos + args->nkwonly;
    if (total > 64) return fe_error(F, pos, TY_TYPE_ERROR, "too many parameters");
    for (int i = 0; i < total; i++)
        have[i] = false;
    for (int i = 0; i < argc; i++) {
        vals[i] = argv[i];
        have[i] = true;
    }
    for (int k = 0; k < nkw; k++) {
        int idx = -1;
        for (int i = args->nposonly; i < total && idx < 0; i++) {
            const char *pn = i < npos ? (i < args->nposonly ? args->posonly[i].name
                                                            : args->args[i - args->nposonly].name)
                                      : args->kwonly[i - npos].name;
            if (strcmp(pn, kwnames[k]) == 0) idx = i;
        }
        if (idx < 0)
            return fe_error(F, pos, TY_TYPE_ERROR, "%s() got an unexpected keyword argument '%s'",
                            fname, kwnames[k]);
        if (have[idx])
            return fe_error(F, pos, TY_TYPE_ERROR, "%s() got multiple values for argument '%s'",
                            fname, kwnames[k]);
        vals[idx] = kwv[k];
        have[idx] = true;
    }
    int ndef = func->defaults ? (int)func->defaults->len : 0;
    for (int i = 0; i < total; i++) {
        const char *pn = i < npos ? (i < args->nposonly ? args->posonly[i].name
                                                        : args->args[i - args->nposonly].name)
                                  : args->kwonly[i - npos].name;
        if (!have[i]) {
            Value d = V_NULL;
            if (i < npos && i >= npos - ndef) d = func->defaults->items[i - (npos - ndef)];
            if (i >= npos && func->kwdefaults) {
                Str *key = str_intern_cstr(F->I, pn);
                if (!key) return false;
                d = dict_get_str(func->kwdefaults, key);
            }
            if (is_null(d))
                return fe_error(F, pos, TY_TYPE_ERROR, "%s() missing required argument: '%s'",
                                fname, pn);
            if (!fe_from_host(F, pos, d, &vals[i])) return false;
        }
        FrontVar *var = fe_new_local(F, target, pn);
        if (!var) return false;
        var->v = vals[i];
    }
    return true;
}

bool fe_inline_call(Front *F, AstPos pos, Value fn, int argc, const FrontValue *argv, int nkw,
                    const char *const *kwnames, const FrontValue *kwv, FrontValue *out) {
    FrontFrame *parent = F->frame;
    if (parent->depth >= FE_MAX_INLINE_DEPTH)
        return fe_error(F, pos, TY_RECURSION_ERROR,
                        "helper functions nest more than %d deep (recursion cannot be inlined)",
                        FE_MAX_INLINE_DEPTH);
    const char *filename;
    AstStmt *def = fe_find_def(F, fn, &filename);
    if (!def) return false;
    if (def->u.funcdef.is_async)
        return fe_error(F, pos, TY_TYPE_ERROR, "async functions cannot be called in tile code");
    Function *func = (Function *)as_obj(fn);
    FrontFrame fr;
    memset(&fr, 0, sizeof fr);
    fr.parent = parent;
    fr.fn = fn;
    fr.globals = func->globals;
    fr.filename = filename;
    fr.depth = parent->depth + 1;
    fr.ret = fv_none();
    fr.rt_base = F->rt_depth;
    int rt_depth = F->rt_depth;
    /* binding errors name the call, in the caller's file */
    bool ok = fe_bind_params(F, &fr, pos, fn, def->u.funcdef.args, argc, argv, nkw, kwnames, kwv);
    F->frame = &fr;
    int saved_loops = F->loop_depth;
    F->loop_depth = 0; /* break/continue cannot cross a helper's boundary */
    if (ok) ok = fe_stmts(F, &def->u.funcdef.body);
    F->loop_depth = saved_loops;
    F->rt_depth = rt_depth;
    F->frame = parent;
    if (!ok) return false;
    *out = fr.ret;
    return true;
}

/* ---------------------------------------------------------------- set-up */

static bool fe_init(Front *F, Interp *I, const TileFrontHost *host, TileSources *src) {
    memset(F, 0, sizeof *F);
    F->I = I;
    F->host = host;
    F->sources = src;
    static const char *const names[TI__COUNT] = {
#define X(id, name) name,
        TILE_INTRINSICS(X)
#undef X
    };
    for (int i = 0; i < TI__COUNT; i++) {
        Str *key = str_intern_cstr(I, names[i]);
        if (!key) return false;
        F->intrinsics[i] = host->tile_module ? dict_get_str(host->tile_module->dict, key) : V_NULL;
    }
    struct {
        Value *slot;
        const char *name;
    } b[] = {{&F->builtin_range, "range"},  {&F->builtin_min, "min"},
             {&F->builtin_max, "max"},      {&F->builtin_len, "len"},
             {&F->builtin_abs, "abs"},      {&F->builtin_int, "int"},
             {&F->builtin_float, "float"},  {&F->builtin_bool, "bool"},
             {&F->builtin_print, "print"},  {&F->builtin_isinstance, "isinstance"},
             {&F->builtin_divmod, "divmod"}};
    for (size_t i = 0; i < sizeof b / sizeof b[0]; i++) {
        Str *key = str_intern_cstr(I, b[i].name);
        if (!key) return false;
        *b[i].slot = module_lazy_get(I, I->builtins->dict, key);
    }
    for (int i = 0; i < 64; i++)
        F->scalar_param_value[i] = -1;
    return true;
}

/* Statically resolve an annotation's head (Name or Attribute chain) to a host value. */
static Value fe_annotation_value(Front *F, AstExpr *e) {
    if (!e) return V_NULL;
    if (e->kind == EXPR_SUBSCRIPT) return fe_annotation_value(F, e->u.subscript.value);
    if (e->kind == EXPR_NAME) {
        bool found;
        Value v = fe_global(F, e->u.name.id, &found);
        if (!found) err_clear(F->I);
        return found ? v : V_NULL;
    }
    if (e->kind == EXPR_ATTRIBUTE) {
        Value base = fe_annotation_value(F, e->u.attribute.value);
        if (is_null(base)) return V_NULL;
        Str *key = str_intern_cstr(F->I, e->u.attribute.attr);
        if (!key) return V_NULL;
        Value v = obj_getattr_opt(F->I, base, key);
        if (is_null(v)) err_clear(F->I);
        return v;
    }
    return V_NULL;
}

static int fe_annotation_kind(Front *F, AstExpr *ann, bool *int64) {
    *int64 = false;
    if (!ann) return 0;
    if (ann->kind == EXPR_CONSTANT && ann->u.constant.kind == CONST_STR) {
        /* `from __future__ import annotations`: the annotation is its source text */
        const char *s = ann->u.constant.str;
        *int64 = strstr(s, "ScalarInt64") != NULL;
        return strstr(s, "Constant") != NULL;
    }
    Value v = fe_annotation_value(F, ann);
    if (is_null(v)) return 0;
    if (fe_intrinsic_of(F, v) == TI_CONSTANT) return 1;
    if (fe_type_is(F, v, TI_CONSTANT_ANNOTATION)) return 1;
    Str *key = str_intern_cstr(F->I, "ScalarInt64");
    Value s64 =
        key && F->host->tile_module ? dict_get_str(F->host->tile_module->dict, key) : V_NULL;
    if (!is_null(s64) && is_obj(v) && is_obj(s64) && as_obj(v) == as_obj(s64)) *int64 = true;
    return 0;
}

static bool fe_kernel_frame(Front *F, Value fn, FrontFrame *fr, AstStmt **def) {
    if (!is_obj(fn) || as_obj(fn)->type->id != TY_FUNCTION) {
        err_format(F->I, TY_TYPE_ERROR, "a tile kernel must be a Python function, not %s",
                   type_name(F->I, fn));
        return false;
    }
    memset(fr, 0, sizeof *fr);
    fr->fn = fn;
    fr->globals = ((Function *)as_obj(fn))->globals;
    fr->is_kernel = true;
    fr->filename = "<kernel>";
    F->frame = fr;
    *def = fe_find_def(F, fn, &fr->filename);
    return *def != NULL;
}

int tile_front_signature(Interp *I, const TileFrontHost *host, TileSources *src, Value fn,
                         TileSignature *sig) {
    Front F;
    if (!fe_init(&F, I, host, src)) return -1;
    FrontFrame fr;
    AstStmt *def;
    if (!fe_kernel_frame(&F, fn, &fr, &def)) return -1;
    AstArguments *args = def->u.funcdef.args;
    if (args->vararg || args->kwarg || args->nkwonly) {
        err_format(I, TY_TYPE_ERROR,
                   "%s:%d: a tile kernel takes positional parameters only (no *args, "
                   "keyword-only parameters or **kwargs)",
                   fr.filename, def->pos.line);
        return -1;
    }
    int n = args->nposonly + args->nargs;
    if (n > 64) {
        err_format(I, TY_TYPE_ERROR, "%s:%d: a tile kernel takes at most 64 parameters",
                   fr.filename, def->pos.line);
        return -1;
    }
    memset(sig, 0, sizeof *sig);
    sig->nparams = n;
    for (int i = 0; i < n; i++) {
        AstArg *a = i < args->nposonly ? &args->posonly[i] : &args->args[i - args->nposonly];
        sig->names[i] = a->name;
        int k = fe_annotation_kind(&F, a->annotation, &sig->int64[i]);
        if (k < 0) return -1;
        sig->constant[i] = k == 1;
    }
    return 0;
}

TileFunc *tile_front_build(Interp *I, const TileFrontHost *host, TileSources *src, Value fn,
                           const TileArgSpec *args, int nargs, const TileHints *hints) {
    Front F;
    if (!fe_init(&F, I, host, src)) return NULL;
    FrontFrame fr;
    AstStmt *def;
    if (!fe_kernel_frame(&F, fn, &fr, &def)) return NULL;
    AstArguments *a = def->u.funcdef.args;
    int n = a->nposonly + a->nargs;
    if (n != nargs || n > 64) {
        err_format(I, TY_TYPE_ERROR, "%s:%d: kernel '%s' takes %d arguments, %d given", fr.filename,
                   def->pos.line, def->u.funcdef.name, n, nargs);
        return NULL;
    }
    TileFunc *f = tile_func_new(I->allocator.fn, I->allocator.ud, def->u.funcdef.name, fr.filename,
                                def->pos.line);
    if (!f) return err_nomem(I), NULL;
    F.f = f;
    F.region = &f->body;
    if (hints) f->hints = *hints;
    bool ok = true;
    for (int i = 0; i < n && ok; i++) {
        AstArg *p = i < a->nposonly ? &a->posonly[i] : &a->args[i - a->nposonly];
        F.pos = p->pos;
        FrontValue v;
        memset(&v, 0, sizeof v);
        switch (args[i].kind) {
        case TILE_ARG_CONSTANT: ok = fe_from_host(&F, p->pos, args[i].constant, &v); break;
        case TILE_ARG_ARRAY: {
            int idx = tile_param_add(f, p->name, TILE_PARAM_ARRAY, args[i].dtype, args[i].rank, i);
            if (idx < 0) ok = fe_nomem(&F);
            v.kind = FV_ARRAY;
            v.u.array = idx;
            break;
        }
        case TILE_ARG_SCALAR: {
            int idx = tile_param_add(f, p->name, TILE_PARAM_SCALAR, args[i].dtype, 0, i);
            TileType t = tile_type_scalar(args[i].dtype);
            TileOp *op = idx < 0 ? NULL : fe_op(&F, TOP_PARAM, 0, NULL, &t);
            if (!op) {
                ok = false;
                break;
            }
            op->param = idx;
            v = fv_tile(op->result);
            break;
        }
        }
        if (ok) {
            FrontVar *var = fe_new_local(&F, &fr, p->name);
            if (!var)
                ok = false;
            else
                var->v = v;
        }
    }
    if (ok) ok = fe_stmts(&F, &def->u.funcdef.body);
    if (ok && f->failed) ok = fe_nomem(&F);
    char err[512];
    if (ok && tile_ir_verify(f, err, sizeof err) < 0) {
        err_format(I, TY_SYSTEM_ERROR, "internal error in the tile compiler: %s", err);
        ok = false;
    }
    if (ok) {
        tile_pass_fold(f);
        tile_pass_dce(f);
        if (tile_ir_verify(f, err, sizeof err) < 0) {
            err_format(I, TY_SYSTEM_ERROR, "internal error in the tile passes: %s", err);
            ok = false;
        }
    }
    if (!ok) {
        tile_func_free(f);
        return NULL;
    }
    return f;
}
