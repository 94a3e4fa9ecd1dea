/* compile.c: the compiler's driver and emitter.
 *
 * compile_module runs the symbol table pass, then compiles the module body as one unit;
 * functions, classes, lambdas and comprehensions open nested units that become constants
 * of their parent's code. This file holds what every unit needs: instruction emission with
 * the current line, labels, the constant and name tables, name resolution (which LOAD/STORE
 * a name gets, from the symbol table), closures, qualified names, the compile-time block
 * stack, and unit_leave, which resolves labels and runs the flow analysis that gives the
 * exact stack and block depths. SyntaxError construction lives here too because the VM
 * uses the same helper for parser errors. */
#include "compile.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../vm/error.h"
#include "../vm/gc.h"
#include "../vm/number.h"
#include "../vm/seq.h"
#include "../vm/str.h"

/* ---- SyntaxError ---- */

static TypeId syntax_kind_id(const char *kind) {
    if (kind && strcmp(kind, "IndentationError") == 0) return TY_INDENTATION_ERROR;
    if (kind && strcmp(kind, "TabError") == 0) return TY_TAB_ERROR;
    if (kind && strcmp(kind, "MemoryError") == 0) return TY_MEMORY_ERROR;
    return TY_SYNTAX_ERROR;
}

Value syntax_error_new(Interp *I, const char *kind, const char *msg, Str *filename, int line,
                       int col, const char *text) {
    return syntax_error_new_range(I, kind, msg, filename, line, col, 0, 0, text);
}

Value syntax_error_new_range(Interp *I, const char *kind, const char *msg, Str *filename, int line,
                             int col, int end_line, int end_col, const char *text) {
    TypeId id = syntax_kind_id(kind);
    if (id == TY_MEMORY_ERROR) return err_nomem(I);
    Str *tx = NULL;
    if (text) {
        size_t n = strlen(text);
        if (utf8_validate(text, n) < 0) {
            tx = str_new(I, text, n);
            if (!tx) return V_NULL;
        }
    }
    return err_syntax(I, id, msg, filename, line, col, tx, end_line, end_col);
}

/* Find line `line` (1-based) of source; *len gets its length without the newline. */
static const char *source_line(Str *source, int line, size_t *len) {
    if (!source || line < 1) return NULL;
    const char *p = source->data, *end = source->data + source->len;
    for (int l = 1; l < line && p < end; l++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl) return NULL;
        p = nl + 1;
    }
    const char *e = p;
    while (e < end && *e != '\n' && *e != '\r')
        e++;
    *len = (size_t)(e - p);
    return p;
}

/* CPython's offsets count characters, 1-based. */
static int char_offset(const char *text, size_t len, int bytecol) {
    int chars = 0;
    for (int i = 0; i < bytecol && (size_t)i < len; i++)
        if (((unsigned char)text[i] & 0xc0) != 0x80) chars++;
    return chars + 1;
}

Value compile_syntax_error(Interp *I, Str *filename, Str *source, AstPos pos, const char *msg) {
    char buf[1024];
    size_t len = 0;
    const char *text = source_line(source, pos.line, &len);
    int col = pos.col + 1, end_col = 0;
    if (text) {
        if (len >= sizeof buf) len = sizeof buf - 1;
        memcpy(buf, text, len);
        buf[len] = 0;
        col = char_offset(buf, len, pos.col);
    }
    if (pos.end_line > 0) {
        size_t elen = 0;
        const char *etext = source_line(source, pos.end_line, &elen);
        end_col = etext ? char_offset(etext, elen, pos.end_col) : pos.end_col + 1;
    }
    return syntax_error_new_range(I, "SyntaxError", msg, filename, pos.line, col, pos.end_line,
                                  end_col, text ? buf : NULL);
}

int compile_error(Compiler *c, AstPos pos, const char *fmt, ...) {
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    compile_syntax_error(c->I, c->filename, c->source, pos, msg);
    return -1;
}

/* ---- growable arrays ---- */

static bool grow(Interp *I, void **p, uint32_t *cap, uint32_t need, size_t elem) {
    if (need <= *cap) return true;
    uint32_t ncap = *cap ? *cap * 2 : 16;
    while (ncap < need)
        ncap *= 2;
    void *np = mem_realloc(I, *p, (size_t)*cap * elem, (size_t)ncap * elem);
    if (!np) return false;
    *p = np;
    *cap = ncap;
    return true;
}

static bool grow_int(Interp *I, void **p, int *cap, int need, size_t elem) {
    uint32_t c = (uint32_t)*cap;
    bool ok = grow(I, p, &c, (uint32_t)need, elem);
    *cap = (int)c;
    return ok;
}

/* ---- emission ---- */

int emit(Compiler *c, int op, uint32_t arg) {
    Unit *u = c->u;
    if (arg > INSTR_ARG_MAX)
        return compile_error(c, compile_line_pos(u->line),
                             "too many constants or names in one code object");
    if (!grow(c->I, (void **)&u->instrs, &u->capinstrs, u->ninstrs + 1, sizeof(uint32_t)))
        return -1;
    if (!grow(c->I, (void **)&u->lines, &u->caplines, u->ninstrs + 1, sizeof(int32_t))) return -1;
    u->lines[u->ninstrs] = u->line;
    u->instrs[u->ninstrs] = INSTR(op, arg);
    u->ninstrs++;
    return 0;
}

int label_new(Compiler *c) {
    Unit *u = c->u;
    if (!grow_int(c->I, (void **)&u->labels, &u->caplabels, u->nlabels + 1, sizeof(int32_t)))
        return -1;
    u->labels[u->nlabels] = -1;
    return u->nlabels++;
}

void label_place(Compiler *c, int label) {
    c->u->labels[label] = (int32_t)c->u->ninstrs;
}

int emit_jump(Compiler *c, int op, int label) {
    return emit(c, op, (uint32_t)label);
}

static bool is_jump_op(int op) {
    switch (op) {
    case OP_JUMP:
    case OP_POP_JUMP_IF_FALSE:
    case OP_POP_JUMP_IF_TRUE:
    case OP_JUMP_IF_FALSE_OR_POP:
    case OP_JUMP_IF_TRUE_OR_POP:
    case OP_FOR_ITER:
    case OP_SETUP_FINALLY:
    case OP_SETUP_WITH: return true;
    default: return false;
    }
}

/* ---- constants ---- */

static bool const_equal(Interp *I, Value a, Value b) {
    if (a.tag != b.tag) return false;
    switch (a.tag) {
    case KR_TNONE: return true;
    case KR_TBOOL:
    case KR_TINT:
    case KR_TFLOAT: return a.as.i == b.as.i; /* floats by bits: 0.0 and -0.0 differ */
    case KR_TOBJ: break;
    default: return false;
    }
    Obj *x = as_obj(a), *y = as_obj(b);
    if (x == y) return true;
    if (x->type != y->type) return false;
    if (x->type == I->types[TY_STR]) return str_eq((Str *)x, (Str *)y);
    if (x->type == I->types[TY_BYTES]) {
        Bytes *p = (Bytes *)x, *q = (Bytes *)y;
        return p->len == q->len && memcmp(p->data, q->data, p->len) == 0;
    }
    if (x->type == I->types[TY_TUPLE]) {
        Tuple *p = (Tuple *)x, *q = (Tuple *)y;
        if (p->len != q->len) return false;
        for (size_t i = 0; i < p->len; i++)
            if (!const_equal(I, p->items[i], q->items[i])) return false;
        return true;
    }
    return false;
}

/* A hash agreeing with const_equal (equal constants hash alike). */
static uint32_t const_hash(Interp *I, Value v) {
    uint64_t h;
    switch (v.tag) {
    case KR_TNONE: h = 1; break;
    case KR_TBOOL:
    case KR_TINT:
    case KR_TFLOAT: h = (uint64_t)v.as.i * 0x9e3779b97f4a7c15ull + v.tag; break;
    case KR_TOBJ: {
        Obj *o = as_obj(v);
        if (o->type == I->types[TY_STR]) {
            h = (uint64_t)str_hash((Str *)o);
        } else if (o->type == I->types[TY_BYTES]) {
            h = (uint64_t)str_hash_bytes((const char *)((Bytes *)o)->data, ((Bytes *)o)->len) ^ 7;
        } else if (o->type == I->types[TY_TUPLE]) {
            Tuple *t = (Tuple *)o;
            h = t->len;
            for (size_t i = 0; i < t->len; i++)
                h = (h ^ const_hash(I, t->items[i])) * 1099511628211ull;
        } else {
            h = (uint64_t)(uintptr_t)o >> 4; /* compared by identity */
        }
        break;
    }
    default: h = 0;
    }
    return (uint32_t)(h ^ (h >> 32));
}

/* Open addressing from a hash to an index into the unit's array; rebuilt at half load. */
static bool slots_rebuild(Interp *I, int32_t **slots, uint32_t *cap, uint32_t n,
                          uint32_t (*hash_of)(Interp *, Unit *, uint32_t), Unit *u) {
    uint32_t ncap = *cap ? *cap : 64;
    while (ncap < 2 * (n + 1))
        ncap *= 2;
    if (ncap == *cap) return true;
    int32_t *ns = mem_alloc(I, (size_t)ncap * sizeof(int32_t));
    if (!ns) return false;
    memset(ns, 0xff, (size_t)ncap * sizeof(int32_t));
    for (uint32_t i = 0; i < n; i++) {
        uint32_t j = hash_of(I, u, i) & (ncap - 1);
        while (ns[j] >= 0)
            j = (j + 1) & (ncap - 1);
        ns[j] = (int32_t)i;
    }
    if (*slots) mem_free(I, *slots, (size_t)*cap * sizeof(int32_t));
    *slots = ns;
    *cap = ncap;
    return true;
}

static uint32_t const_hash_at(Interp *I, Unit *u, uint32_t i) {
    return const_hash(I, u->consts[i]);
}

static uint32_t name_hash_at(Interp *I, Unit *u, uint32_t i) {
    (void)I;
    return (uint32_t)str_hash(u->names[i]);
}

int const_index(Compiler *c, Value v) {
    Unit *u = c->u;
    if (is_null(v)) return -1;
    if (!slots_rebuild(c->I, &u->const_slots, &u->const_slot_cap, u->nconsts, const_hash_at, u))
        return -1;
    uint32_t mask = u->const_slot_cap - 1, j = const_hash(c->I, v) & mask;
    for (; u->const_slots[j] >= 0; j = (j + 1) & mask)
        if (const_equal(c->I, u->consts[u->const_slots[j]], v)) return u->const_slots[j];
    if (!grow(c->I, (void **)&u->consts, &u->capconsts, u->nconsts + 1, sizeof(Value))) return -1;
    if (is_obj(v) && !gc_temp_push(c->I, v)) return -1;
    u->consts[u->nconsts] = v;
    u->const_slots[j] = (int32_t)u->nconsts;
    return (int)u->nconsts++;
}

int emit_const(Compiler *c, Value v) {
    int k = const_index(c, v);
    return k < 0 ? -1 : emit(c, OP_LOAD_CONST, (uint32_t)k);
}

int emit_none(Compiler *c) {
    return emit_const(c, V_NONE);
}

int emit_int(Compiler *c, int64_t x) {
    if (x >= -SMALL_INT_BIAS && x < SMALL_INT_BIAS)
        return emit(c, OP_LOAD_SMALL_INT, (uint32_t)(x + SMALL_INT_BIAS));
    Value v = int_from_i64(c->I, x);
    return is_null(v) ? -1 : emit_const(c, v);
}

static bool identifier_like(const char *s, size_t len) {
    if (len > 40) return false;
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (!(ch == '_' || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
              (ch >= '0' && ch <= '9')))
            return false;
    }
    return true;
}

Value compile_str_value(Compiler *c, const char *s, size_t len) {
    Str *str = identifier_like(s, len) ? str_intern(c->I, s, len) : str_new(c->I, s, len);
    return str ? v_obj(str) : V_NULL;
}

int emit_str_const(Compiler *c, const char *s, size_t len) {
    Value v = compile_str_value(c, s, len);
    return is_null(v) ? -1 : emit_const(c, v);
}

/* ---- names ---- */

int name_index(Compiler *c, const char *name) {
    Unit *u = c->u;
    size_t len = strlen(name);
    if (!slots_rebuild(c->I, &u->name_slots, &u->name_slot_cap, u->nnames, name_hash_at, u))
        return -1;
    uint32_t mask = u->name_slot_cap - 1, j = (uint32_t)str_hash_bytes(name, len) & mask;
    for (; u->name_slots[j] >= 0; j = (j + 1) & mask) {
        Str *n = u->names[u->name_slots[j]];
        if (n->len == len && memcmp(n->data, name, len) == 0) return u->name_slots[j];
    }
    Str *s = str_intern(c->I, name, len);
    if (!s || !gc_temp_push(c->I, v_obj(s))) return -1;
    if (!grow(c->I, (void **)&u->names, &u->capnames, u->nnames + 1, sizeof(Str *))) return -1;
    u->names[u->nnames] = s;
    u->name_slots[j] = (int32_t)u->nnames;
    return (int)u->nnames++;
}

static int find_name(const char **list, int n, const char *name) {
    for (int i = 0; i < n; i++)
        if (strcmp(list[i], name) == 0) return i;
    return -1;
}

static uint32_t cstr_hash(const char *s) {
    uint32_t h = 2166136261u;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 16777619u;
    return h;
}

static uint32_t varname_hash_at(Interp *I, Unit *u, uint32_t i) {
    (void)I;
    return cstr_hash(u->varnames[i]);
}

static int varname_index(Compiler *c, const char *name) {
    Unit *u = c->u;
    if (!slots_rebuild(c->I, &u->varname_slots, &u->varname_slot_cap, (uint32_t)u->nvarnames,
                       varname_hash_at, u))
        return -1;
    uint32_t mask = u->varname_slot_cap - 1, j = cstr_hash(name) & mask;
    for (; u->varname_slots[j] >= 0; j = (j + 1) & mask)
        if (strcmp(u->varnames[u->varname_slots[j]], name) == 0) return u->varname_slots[j];
    if (!grow_int(c->I, (void **)&u->varnames, &u->capvarnames, u->nvarnames + 1, sizeof(char *)))
        return -1;
    u->varnames[u->nvarnames] = name;
    u->varname_slots[j] = u->nvarnames;
    return u->nvarnames++;
}

const char *compile_mangle(Compiler *c, const char *name) {
    return symtable_mangle(&c->st, c->u->private_name, name);
}

/* The index of a cell: cellvars first, then freevars. */
static int cell_index(Unit *u, const char *name) {
    int i = find_name(u->cellvars, u->ncellvars, name);
    if (i >= 0) return i;
    i = find_name(u->freevars, u->nfreevars, name);
    return i < 0 ? -1 : u->ncellvars + i;
}

int compile_nameop(Compiler *c, const char *name, AstCtx ctx) {
    Unit *u = c->u;
    const char *mangled = compile_mangle(c, name);
    if (!mangled) return -1;
    Symbol *sym = scope_lookup(u->ste, mangled);
    SymScope sc = sym ? sym->scope : SC_UNKNOWN;
    enum { K_FAST, K_GLOBAL, K_DEREF, K_NAME } kind = K_NAME;
    switch (sc) {
    case SC_FREE:
    case SC_CELL: kind = K_DEREF; break;
    case SC_LOCAL: kind = u->fast ? K_FAST : K_NAME; break;
    case SC_GLOBAL_IMPLICIT: kind = u->fast ? K_GLOBAL : K_NAME; break;
    case SC_GLOBAL_EXPLICIT: kind = K_GLOBAL; break;
    default: kind = u->fast ? K_GLOBAL : K_NAME; break;
    }
    if (kind == K_DEREF) {
        int i = cell_index(u, mangled);
        if (i < 0)
            return compile_error(c, compile_line_pos(u->line),
                                 "internal compiler error: no cell for '%s'", mangled);
        if (ctx == CTX_LOAD)
            return emit(c, u->is_class && sc == SC_FREE ? OP_LOAD_CLASSDEREF : OP_LOAD_DEREF,
                        (uint32_t)i);
        return emit(c, ctx == CTX_STORE ? OP_STORE_DEREF : OP_DELETE_DEREF, (uint32_t)i);
    }
    if (kind == K_FAST) {
        int i = varname_index(c, mangled);
        if (i < 0) return -1;
        return emit(c,
                    ctx == CTX_LOAD    ? OP_LOAD_FAST
                    : ctx == CTX_STORE ? OP_STORE_FAST
                                       : OP_DELETE_FAST,
                    (uint32_t)i);
    }
    int n = name_index(c, mangled);
    if (n < 0) return -1;
    if (kind == K_GLOBAL)
        return emit(c,
                    ctx == CTX_LOAD    ? OP_LOAD_GLOBAL
                    : ctx == CTX_STORE ? OP_STORE_GLOBAL
                                       : OP_DELETE_GLOBAL,
                    (uint32_t)n);
    return emit(c,
                ctx == CTX_LOAD    ? OP_LOAD_NAME
                : ctx == CTX_STORE ? OP_STORE_NAME
                                   : OP_DELETE_NAME,
                (uint32_t)n);
}

/* ---- closures and qualified names ---- */

int compile_closure_and_code(Compiler *c, Code *child) {
    int flags = 0;
    if (child->nfreevars) {
        for (uint32_t i = 0; i < child->nfreevars; i++) {
            const char *name = child->freevars[i]->data;
            int k = cell_index(c->u, name);
            if (k < 0)
                return compile_error(c, compile_line_pos(c->u->line),
                                     "internal compiler error: no closure cell for '%s'", name);
            if (emit(c, OP_LOAD_CLOSURE, (uint32_t)k) < 0) return -1;
        }
        if (emit(c, OP_BUILD_TUPLE, child->nfreevars) < 0) return -1;
        flags = 8;
    }
    if (emit_const(c, v_obj(child)) < 0) return -1;
    return flags;
}

Str *compile_qualname(Compiler *c, const char *name, bool is_function) {
    Unit *parent = c->u;
    char buf[512];
    const char *base = NULL;
    bool locals = false;
    if (parent->ste->kind != SCOPE_MODULE) {
        const char *mangled = symtable_mangle(&c->st, parent->private_name, name);
        bool force_global =
            mangled && scope_of(parent->ste, mangled) == SC_GLOBAL_EXPLICIT && is_function;
        if (!force_global) {
            base = parent->code->qualname ? parent->code->qualname->data : NULL;
            locals = parent->ste->kind == SCOPE_FUNCTION;
        }
    }
    if (base)
        snprintf(buf, sizeof buf, "%s%s.%s", base, locals ? ".<locals>" : "", name);
    else
        snprintf(buf, sizeof buf, "%s", name);
    return str_intern(c->I, buf, strlen(buf));
}

/* ---- the compile-time block stack ---- */

int fblock_push(Compiler *c, FBlockKind kind, int label_continue, int label_exit) {
    Unit *u = c->u;
    if (u->nfblocks >= COMPILE_MAX_FBLOCKS)
        return compile_error(c, compile_line_pos(u->line), "too many statically nested blocks");
    u->fblocks[u->nfblocks++] = (FBlock){kind, label_continue, label_exit, NULL, NULL};
    return 0;
}

void fblock_pop(Compiler *c) {
    c->u->nfblocks--;
}

bool unit_is_generator(Unit *u) {
    return u->ste->generator || u->ste->coroutine;
}

/* ---- units ---- */

static int cmp_cstr(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int unit_enter(Compiler *c, Scope *ste, const char *name, Str *qualname, int firstlineno) {
    Interp *I = c->I;
    Unit *u = mem_alloc(I, sizeof(Unit));
    if (!u) return -1;
    memset(u, 0, sizeof *u);
    u->parent = c->u;
    u->ste = ste;
    u->line = firstlineno;
    u->fast = ste->kind == SCOPE_FUNCTION;
    u->is_class = ste->kind == SCOPE_CLASS;
    u->private_name = ste->kind == SCOPE_CLASS ? name : (c->u ? c->u->private_name : NULL);
    c->u = u;
    u->code = code_new(I);
    if (!u->code) return -1;
    Code *co = u->code;
    co->name = str_intern(I, name, strlen(name));
    if (!co->name) return -1;
    co->qualname = qualname ? qualname : co->name;
    co->filename = c->filename;
    co->source = c->source;
    co->firstlineno = firstlineno;

    /* Lay out locals and cells from the symbol table. */
    int ncells = 0, nfree = 0;
    for (int i = 0; i < ste->nsymbols; i++) {
        Symbol *s = &ste->symbols[i];
        if (s->scope == SC_CELL) ncells++;
        if (s->scope == SC_FREE || (s->flags & DEF_FREE_CLASS)) nfree++;
        if (u->fast && (s->flags & DEF_PARAM) && varname_index(c, s->name) < 0) return -1;
    }
    if (ste->needs_class_closure) ncells++;
    if (ncells) {
        u->cellvars = mem_alloc(I, (size_t)ncells * sizeof(char *));
        if (!u->cellvars) return -1;
    }
    if (nfree) {
        u->freevars = mem_alloc(I, (size_t)nfree * sizeof(char *));
        if (!u->freevars) {
            /* unit_free sizes cellvars by ncellvars, still 0 here */
            mem_free(I, u->cellvars, (size_t)ncells * sizeof(char *));
            u->cellvars = NULL;
            return -1;
        }
    }
    for (int i = 0; i < ste->nsymbols; i++) {
        Symbol *s = &ste->symbols[i];
        if (s->scope == SC_CELL) u->cellvars[u->ncellvars++] = s->name;
        if (s->scope == SC_FREE || (s->flags & DEF_FREE_CLASS))
            u->freevars[u->nfreevars++] = s->name;
    }
    if (ste->needs_class_closure) u->cellvars[u->ncellvars++] = "__class__";
    if (u->ncellvars > 1) qsort(u->cellvars, (size_t)u->ncellvars, sizeof(char *), cmp_cstr);
    if (u->nfreevars > 1) qsort(u->freevars, (size_t)u->nfreevars, sizeof(char *), cmp_cstr);
    return 0;
}

static void unit_free(Interp *I, Unit *u) {
    if (u->instrs) mem_free(I, u->instrs, u->capinstrs * sizeof(uint32_t));
    if (u->lines) mem_free(I, u->lines, u->caplines * sizeof(int32_t));
    if (u->consts) mem_free(I, u->consts, u->capconsts * sizeof(Value));
    if (u->names) mem_free(I, u->names, u->capnames * sizeof(Str *));
    if (u->const_slots) mem_free(I, u->const_slots, u->const_slot_cap * sizeof(int32_t));
    if (u->name_slots) mem_free(I, u->name_slots, u->name_slot_cap * sizeof(int32_t));
    if (u->varname_slots) mem_free(I, u->varname_slots, u->varname_slot_cap * sizeof(int32_t));
    if (u->varnames) mem_free(I, u->varnames, (size_t)u->capvarnames * sizeof(char *));
    if (u->cellvars) mem_free(I, u->cellvars, (size_t)u->ncellvars * sizeof(char *));
    if (u->freevars) mem_free(I, u->freevars, (size_t)u->nfreevars * sizeof(char *));
    if (u->labels) mem_free(I, u->labels, (size_t)u->caplabels * sizeof(int32_t));
    mem_free(I, u, sizeof(Unit));
}

void unit_discard(Compiler *c) {
    Unit *u = c->u;
    c->u = u->parent;
    unit_free(c->I, u);
}

/* Stack effect of an instruction; `jump` selects the branch-taken effect. */
static int stack_effect(int op, uint32_t arg, bool jump) {
    switch (op) {
    case OP_NOP:
    case OP_SWAP:
    case OP_DELETE_FAST:
    case OP_DELETE_DEREF:
    case OP_DELETE_NAME:
    case OP_DELETE_GLOBAL:
    case OP_LOAD_ATTR:
    case OP_UNARY_OP:
    case OP_UNARY_NOT:
    case OP_LIST_TO_TUPLE:
    case OP_JUMP:
    case OP_GET_ITER:
    case OP_POP_BLOCK:
    case OP_CHECK_EXC_MATCH:
    case OP_YIELD_VALUE:
    case OP_GET_YIELD_FROM_ITER:
    case OP_GET_AWAITABLE:
    case OP_KW_NAMES:
    case OP_SETUP_ANNOTATIONS:
    case OP_GET_AITER: return 0;
    case OP_GET_ANEXT:
    case OP_MATCH_SEQUENCE:
    case OP_MATCH_MAPPING:
    case OP_GET_LEN:
    case OP_MATCH_KEYS:
    case OP_BEFORE_ASYNC_WITH: return 1;
    case OP_MATCH_CLASS: return -2;
    case OP_CHECK_EG_MATCH: return 0;
    case OP_PREP_RERAISE_STAR: return -1;
    case OP_END_ASYNC_FOR: return -2;
    case OP_POP_TOP:
    case OP_STORE_FAST:
    case OP_STORE_DEREF:
    case OP_STORE_NAME:
    case OP_STORE_GLOBAL:
    case OP_DELETE_ATTR:
    case OP_BINARY_OP:
    case OP_INPLACE_OP:
    case OP_COMPARE_OP:
    case OP_IS_OP:
    case OP_CONTAINS_OP:
    case OP_BINARY_SUBSCR:
    case OP_LIST_APPEND:
    case OP_SET_ADD:
    case OP_LIST_EXTEND:
    case OP_SET_UPDATE:
    case OP_DICT_UPDATE:
    case OP_DICT_MERGE:
    case OP_POP_JUMP_IF_FALSE:
    case OP_POP_JUMP_IF_TRUE:
    case OP_POP_EXCEPT:
    case OP_RERAISE:
    case OP_RETURN_VALUE:
    case OP_YIELD_FROM:
    case OP_IMPORT_NAME:
    case OP_IMPORT_STAR:
    case OP_PRINT_EXPR:
    case OP_GEN_START: return -1;
    case OP_COPY:
    case OP_LOAD_CONST:
    case OP_LOAD_SMALL_INT:
    case OP_LOAD_FAST:
    case OP_LOAD_DEREF:
    case OP_LOAD_CLOSURE:
    case OP_LOAD_CLASSDEREF:
    case OP_LOAD_NAME:
    case OP_LOAD_GLOBAL:
    case OP_LOAD_METHOD:
    case OP_LOAD_ASSERTION_ERROR:
    case OP_WITH_EXCEPT_START:
    case OP_IMPORT_FROM: return 1;
    case OP_STORE_ATTR:
    case OP_DELETE_SUBSCR:
    case OP_MAP_ADD: return -2;
    case OP_STORE_SUBSCR: return -3;
    case OP_BUILD_SLICE:
    case OP_BUILD_TUPLE:
    case OP_BUILD_LIST:
    case OP_BUILD_SET:
    case OP_BUILD_STRING: return 1 - (int)arg;
    case OP_BUILD_TEMPLATE: return -4 * (int)arg;
    case OP_BUILD_MAP: return 1 - 2 * (int)arg;
    case OP_FORMAT_VALUE: return (arg & 4) ? -1 : 0;
    case OP_UNPACK_SEQUENCE: return (int)arg - 1;
    case OP_UNPACK_EX: return (int)(arg & 0xff) + (int)(arg >> 8);
    case OP_JUMP_IF_FALSE_OR_POP:
    case OP_JUMP_IF_TRUE_OR_POP: return jump ? 0 : -1;
    case OP_FOR_ITER: return jump ? -1 : 1;
    case OP_SETUP_FINALLY: return jump ? 1 : 0;
    case OP_SETUP_WITH: return 1;
    case OP_RAISE_VARARGS: return -(int)arg;
    case OP_CALL: return -(int)arg;
    case OP_CALL_METHOD: return -(int)arg - 1;
    case OP_CALL_EX: return -1 - (int)(arg & 1);
    case OP_MAKE_FUNCTION:
        return -(int)(((arg & 1) != 0) + ((arg & 2) != 0) + ((arg & 4) != 0) + ((arg & 8) != 0));
    case OP_BUILD_CLASS: return -(int)arg - 1;
    }
    return 0;
}

static int block_effect(int op, bool jump) {
    switch (op) {
    case OP_SETUP_FINALLY:
    case OP_SETUP_WITH: return 1; /* fallthrough: the block; handler: EXCEPT_HANDLER */
    case OP_POP_BLOCK:
    case OP_POP_EXCEPT:
    case OP_END_ASYNC_FOR: return -1;
    default: return 0;
    }
}

static bool ends_flow(int op) {
    return op == OP_JUMP || op == OP_RETURN_VALUE || op == OP_RERAISE || op == OP_RAISE_VARARGS;
}

/* Worklist flow analysis over the resolved code. */
static int compute_depths(Compiler *c, uint32_t *stacksize, uint32_t *maxblocks) {
    Unit *u = c->u;
    Interp *I = c->I;
    uint32_t n = u->ninstrs;
    if (n == 0) {
        *stacksize = *maxblocks = 0;
        return 0;
    }
    int32_t *depth = mem_alloc(I, n * sizeof(int32_t) * 2 + n * sizeof(uint32_t));
    if (!depth) return -1;
    int32_t *blocks = depth + n;
    uint32_t *work = (uint32_t *)(blocks + n);
    uint32_t nwork = 0;
    for (uint32_t i = 0; i < n; i++)
        depth[i] = blocks[i] = -1;
    int maxd = 0, maxb = 0;
    depth[0] = INSTR_OP(u->instrs[0]) == OP_GEN_START ? 1 : 0;
    blocks[0] = 0;
    work[nwork++] = 0;
    int rc = 0;
#define VISIT(target, d, b)                                                                        \
    do {                                                                                           \
        uint32_t t_ = (target);                                                                    \
        if (t_ >= n) break;                                                                        \
        if (depth[t_] < 0) {                                                                       \
            depth[t_] = (d);                                                                       \
            blocks[t_] = (b);                                                                      \
            work[nwork++] = t_;                                                                    \
        } else if (depth[t_] != (d) || blocks[t_] != (b)) {                                        \
            rc = compile_error(c, compile_line_pos(u->lines[t_]),                                  \
                               "internal compiler error: inconsistent stack depth at %u (%d/%d "   \
                               "vs %d/%d)",                                                        \
                               t_, depth[t_], blocks[t_], (int)(d), (int)(b));                     \
        }                                                                                          \
    } while (0)
    while (nwork > 0 && rc == 0) {
        uint32_t i = work[--nwork];
        /* follow straight-line code from i */
        for (;;) {
            int d = depth[i], b = blocks[i];
            int op = (int)INSTR_OP(u->instrs[i]);
            uint32_t arg = INSTR_ARG(u->instrs[i]);
            if (d > maxd) maxd = d;
            if (b > maxb) maxb = b;
            if (is_jump_op(op)) {
                int jd = d + stack_effect(op, arg, true);
                int jb = b + block_effect(op, true);
                if (jd > maxd) maxd = jd;
                VISIT(arg, jd, jb);
            }
            if (ends_flow(op)) break;
            int nd = d + stack_effect(op, arg, false);

            int nb = b + block_effect(op, false);
            if (nd < 0 || nb < 0) {
                rc = compile_error(c, compile_line_pos(u->lines[i]),
                                   "internal compiler error: stack underflow at %u", i);
                break;
            }
            if (nd > maxd) maxd = nd;
            if (nb > maxb) maxb = nb;
            if (i + 1 >= n) break;
            if (depth[i + 1] >= 0) {
                VISIT(i + 1, nd, nb);
                break;
            }
            depth[i + 1] = nd;
            blocks[i + 1] = nb;
            i++;
            if (rc) break;
        }
    }
#undef VISIT
    mem_free(I, depth, n * sizeof(int32_t) * 2 + n * sizeof(uint32_t));
    *stacksize = (uint32_t)maxd;
    *maxblocks = (uint32_t)maxb;
    return rc;
}

static Str **intern_list(Compiler *c, const char **names, int n) {
    if (n == 0) return NULL;
    Str **out = mem_alloc(c->I, (size_t)n * sizeof(Str *));
    if (!out) return NULL;
    for (int i = 0; i < n; i++) {
        out[i] = str_intern(c->I, names[i], strlen(names[i]));
        if (!out[i] || !gc_temp_push(c->I, v_obj(out[i]))) {
            mem_free(c->I, out, (size_t)n * sizeof(Str *));
            return NULL;
        }
    }
    return out;
}

/* Shrink a buffer to exactly n elements for the code object (its finalizer frees with the
 * counts). */
static void *exact(Interp *I, void *p, size_t cap, size_t n, size_t elem) {
    if (n == 0) {
        if (p) mem_free(I, p, cap * elem);
        return NULL;
    }
    if (cap == n) return p;
    void *q = mem_realloc(I, p, cap * elem, n * elem);
    if (!q) mem_free(I, p, cap * elem); /* a failed shrink (MemoryError pending): no leak */
    return q;
}

/* The superinstructions (opcodes.h): the first of each pair the VM runs without a dispatch
 * in between takes the fused opcode, keeping its arg; the second word is left as it is, so
 * offsets, lines and jump targets do not move. Runs after compute_depths (a fused op's stack
 * effect is its first op's). */
static void fuse_pairs(Unit *u) {
    for (uint32_t i = 0; i + 1 < u->ninstrs; i++) {
        int op = (int)INSTR_OP(u->instrs[i]), next = (int)INSTR_OP(u->instrs[i + 1]);
        int fused = -1;
        if (op == OP_LOAD_FAST) {
            switch (next) {
            case OP_LOAD_ATTR: fused = OP_LOAD_FAST__LOAD_ATTR; break;
            case OP_LOAD_METHOD: fused = OP_LOAD_FAST__LOAD_METHOD; break;
            case OP_LOAD_FAST: fused = OP_LOAD_FAST__LOAD_FAST; break;
            case OP_LOAD_SMALL_INT: fused = OP_LOAD_FAST__LOAD_SMALL_INT; break;
            case OP_BINARY_OP: fused = OP_LOAD_FAST__BINARY_OP; break;
            case OP_STORE_ATTR: fused = OP_LOAD_FAST__STORE_ATTR; break;
            case OP_COMPARE_OP: fused = OP_LOAD_FAST__COMPARE_OP; break;
            default: break;
            }
        } else if (op == OP_STORE_FAST && next == OP_LOAD_FAST) {
            fused = OP_STORE_FAST__LOAD_FAST;
        }
        if (fused >= 0) u->instrs[i] = INSTR(fused, INSTR_ARG(u->instrs[i]));
    }
}

Code *unit_leave(Compiler *c) {
    Unit *u = c->u;
    Interp *I = c->I;
    Code *co = u->code;
    /* resolve labels */
    for (uint32_t i = 0; i < u->ninstrs; i++) {
        int op = (int)INSTR_OP(u->instrs[i]);
        if (is_jump_op(op)) {
            int32_t target = u->labels[INSTR_ARG(u->instrs[i])];
            if (target < 0) {
                compile_error(c, compile_line_pos(u->line),
                              "internal compiler error: unplaced label");
                goto fail;
            }
            u->instrs[i] = INSTR(op, (uint32_t)target);
        }
    }
    uint32_t stacksize, maxblocks;
    if (compute_depths(c, &stacksize, &maxblocks) < 0) goto fail;
    fuse_pairs(u);
    Str **varnames = intern_list(c, u->varnames, u->nvarnames);
    Str **cellvars = intern_list(c, u->cellvars, u->ncellvars);
    Str **freevars = intern_list(c, u->freevars, u->nfreevars);
    int32_t *cell2arg = NULL;
    if ((u->nvarnames && !varnames) || (u->ncellvars && !cellvars) || (u->nfreevars && !freevars))
        goto fail_lists;
    if (u->ncellvars) {
        cell2arg = mem_alloc(I, (size_t)u->ncellvars * sizeof(int32_t));
        if (!cell2arg) goto fail_lists;
        uint32_t nargs = co->argcount + co->kwonlyargcount + ((co->flags & CO_VARARGS) != 0) +
                         ((co->flags & CO_VARKEYWORDS) != 0);
        for (int i = 0; i < u->ncellvars; i++) {
            int k = u->fast ? find_name(u->varnames, u->nvarnames, u->cellvars[i]) : -1;
            cell2arg[i] = k >= 0 && (uint32_t)k < nargs ? k : -1;
        }
    }
    /* hand the arrays to the code object, sized exactly */
    co->instrs = exact(I, u->instrs, u->capinstrs, u->ninstrs, sizeof(uint32_t));
    co->lines = exact(I, u->lines, u->caplines, u->ninstrs, sizeof(int32_t));
    co->ninstrs = u->ninstrs;
    u->instrs = NULL;
    u->lines = NULL;
    co->consts = exact(I, u->consts, u->capconsts, u->nconsts, sizeof(Value));
    co->nconsts = u->nconsts;
    u->consts = NULL;
    co->names = exact(I, u->names, u->capnames, u->nnames, sizeof(Str *));
    co->nnames = u->nnames;
    u->names = NULL;
    co->varnames = varnames;
    co->nlocals = (uint32_t)u->nvarnames;
    co->cellvars = cellvars;
    co->ncellvars = (uint32_t)u->ncellvars;
    co->freevars = freevars;
    co->nfreevars = (uint32_t)u->nfreevars;
    co->cell2arg = cell2arg;
    co->stacksize = stacksize;
    co->maxblocks = maxblocks;
    if (u->ste->generator)
        co->flags |= u->ste->coroutine ? CO_ASYNC_GENERATOR : CO_GENERATOR;
    else if (u->ste->coroutine)
        co->flags |= CO_COROUTINE;
    if (u->ste->nested) co->flags |= CO_NESTED;
    if (u->ste->needs_class_closure) co->flags |= CO_NEEDS_CLASSCELL;
    if ((co->ninstrs && !co->instrs) || (co->nconsts && !co->consts) ||
        (co->nnames && !co->names) || (co->ninstrs && !co->lines)) {
        /* a shrinking realloc failed (exact freed that block): free the others now, by the
         * counts they were sized with, so the finalizer frees nothing by a wrong size */
        if (co->instrs) mem_free(I, co->instrs, co->ninstrs * sizeof(uint32_t));
        if (co->lines) mem_free(I, co->lines, co->ninstrs * sizeof(int32_t));
        if (co->consts) mem_free(I, co->consts, co->nconsts * sizeof(Value));
        if (co->names) mem_free(I, co->names, co->nnames * sizeof(Str *));
        co->instrs = NULL;
        co->lines = NULL;
        co->consts = NULL;
        co->names = NULL;
        co->ninstrs = 0;
        co->nconsts = 0;
        co->nnames = 0;
        goto fail;
    }
    unit_discard(c);
    return co;
fail_lists:
    if (varnames) mem_free(I, varnames, (size_t)u->nvarnames * sizeof(Str *));
    if (cellvars) mem_free(I, cellvars, (size_t)u->ncellvars * sizeof(Str *));
    if (freevars) mem_free(I, freevars, (size_t)u->nfreevars * sizeof(Str *));
fail:
    unit_discard(c);
    return NULL;
}

/* ---- the driver ---- */

static void compiler_unwind(Compiler *c) {
    while (c->u)
        unit_discard(c);
}

static bool is_docstring(const AstStmtList *body) {
    if (body->len == 0) return false;
    AstStmt *s = body->items[0];
    return s->kind == STMT_EXPR && s->u.value.value->kind == EXPR_CONSTANT &&
           s->u.value.value->u.constant.kind == CONST_STR;
}

/* The module's future statements: the `from __future__ import` statements at its top
 * (after the docstring), where CPython accepts them. Sets c->future_* . */
static void find_future_stmts(Compiler *c, const AstStmtList *body) {
    int i = is_docstring(body) ? 1 : 0;
    c->future_stmts = body->items ? body->items + i : NULL; /* an empty module has none */
    for (; i < body->len; i++) {
        AstStmt *s = body->items[i];
        if (s->kind != STMT_IMPORTFROM || !s->u.import.module ||
            strcmp(s->u.import.module, "__future__") != 0 || s->u.import.level)
            break;
        c->nfuture_stmts++;
        for (int k = 0; k < s->u.import.nnames; k++)
            if (strcmp(s->u.import.names[k].name, "annotations") == 0) c->future_annotations = true;
    }
}

Code *compile_module(Interp *I, struct AstModule *mod, Str *filename, Str *source, int mode) {
    Compiler comp;
    Compiler *c = &comp;
    memset(c, 0, sizeof *c);
    c->I = I;
    c->filename = filename;
    c->source = source;
    c->mode = mode & ~PARSE_TOP_AWAIT;
    if (c->mode != PARSE_EVAL) find_future_stmts(c, &mod->body);
    if (!symtable_build(I, &c->st, mod, mode, filename, source)) {
        symtable_free(&c->st);
        return NULL;
    }
    Code *co = NULL;
    if (unit_enter(c, c->st.top, "<module>", NULL, 1) < 0) goto done;
    mode = c->mode;
    c->u->code->flags |= CO_MODULE | (mode == PARSE_SINGLE ? CO_INTERACTIVE : 0);
    if (mod->body.len > 0) c->u->line = mod->body.items[0]->pos.line;
    if (unit_is_generator(c->u) && emit(c, OP_GEN_START, 0) < 0) goto done; /* top-level await */
    if (mode == PARSE_EVAL) {
        if (mod->body.len != 1 || mod->body.items[0]->kind != STMT_EXPR) {
            compile_error(c, compile_line_pos(1), "invalid syntax");
            goto done;
        }
        if (compile_expr(c, mod->body.items[0]->u.value.value) < 0 ||
            emit(c, OP_RETURN_VALUE, 0) < 0)
            goto done;
    } else {
        int start = 0;
        if (c->st.top->has_annotations && emit(c, OP_SETUP_ANNOTATIONS, 0) < 0) goto done;
        if (mode == PARSE_FILE && is_docstring(&mod->body)) {
            AstExpr *d = mod->body.items[0]->u.value.value;
            c->u->line = d->pos.line;
            if (compile_expr(c, d) < 0 || compile_nameop(c, "__doc__", CTX_STORE) < 0) goto done;
            start = 1;
        }
        for (int i = start; i < mod->body.len; i++)
            if (compile_stmt(c, mod->body.items[i]) < 0) goto done;
        if (emit_none(c) < 0 || emit(c, OP_RETURN_VALUE, 0) < 0) goto done;
    }
    co = unit_leave(c);
done:
    compiler_unwind(c);
    symtable_free(&c->st);
    return co;
}
