/* ir.c: construction of the tile IR (ir.h): functions, parameters, slots, values, ops, and
 * the name and size tables behind the X-macro lists.
 *
 * Ops, operand lists and strings live in the function's arena (freed all at once); the
 * three growable tables (params, values, vars) are separate blocks from the same allocator,
 * because an arena cannot grow a block in place. */
#include <stdio.h>
#include <string.h>

#include "ir.h"

/* ---------------------------------------------------------------- tables */

static const struct {
    const char *name, *ctype;
    int size;
    char kind;
} tile_dtype_info[TDT__COUNT] = {
#define X(id, name, size, kind, ctype) {name, ctype, size, kind},
    TILE_DTYPES(X)
#undef X
};

const char *tile_dtype_name(TileDType t) {
    return (unsigned)t < TDT__COUNT ? tile_dtype_info[t].name : "?";
}
const char *tile_dtype_ctype(TileDType t) {
    return (unsigned)t < TDT__COUNT ? tile_dtype_info[t].ctype : "?";
}
int tile_dtype_size(TileDType t) {
    return (unsigned)t < TDT__COUNT ? tile_dtype_info[t].size : 0;
}
char tile_dtype_kind(TileDType t) {
    return (unsigned)t < TDT__COUNT ? tile_dtype_info[t].kind : '?';
}
bool tile_dtype_is_float(TileDType t) {
    return tile_dtype_kind(t) == 'f';
}
bool tile_dtype_is_int(TileDType t) {
    char k = tile_dtype_kind(t);
    return k == 'i' || k == 'u';
}
int tile_dtype_from_name(const char *name) {
    for (int i = 0; i < TDT__COUNT; i++)
        if (strcmp(tile_dtype_info[i].name, name) == 0) return i;
    if (strcmp(name, "bool_") == 0) return TDT_BOOL;
    return -1;
}

#define NAME_TABLE(fn, Type, LIST, COUNT)                                                          \
    const char *fn(Type v) {                                                                       \
        static const char *const names[] = {LIST(NAME_ENTRY)};                                     \
        return (unsigned)v < (unsigned)(COUNT) ? names[v] : "?";                                   \
    }
#define NAME_ENTRY(id, name) name,
NAME_TABLE(tile_op_name, TileOpKind, TILE_OPS, TOP__COUNT)
NAME_TABLE(tile_unop_name, TileUnop, TILE_UNOPS, TU__COUNT)
NAME_TABLE(tile_binop_name, TileBinop, TILE_BINOPS, TB__COUNT)
NAME_TABLE(tile_cmpop_name, TileCmpop, TILE_CMPOPS, TC__COUNT)
NAME_TABLE(tile_redop_name, TileRedop, TILE_REDOPS, TR__COUNT)
NAME_TABLE(tile_padding_name, TilePadding, TILE_PADDINGS, TP__COUNT)
NAME_TABLE(tile_memorder_name, TileMemOrder, TILE_MEMORDERS, TMO__COUNT)
NAME_TABLE(tile_memscope_name, TileMemScope, TILE_MEMSCOPES, TMS__COUNT)
#undef NAME_ENTRY
#undef NAME_TABLE

/* ---------------------------------------------------------------- types */

TileType tile_type_scalar(TileDType dt) {
    TileType t;
    memset(&t, 0, sizeof t);
    t.dtype = dt;
    return t;
}

TileType tile_type_make(TileDType dt, int rank, const int64_t *shape) {
    TileType t = tile_type_scalar(dt);
    if (rank < 0) rank = 0;
    if (rank > TILE_MAX_RANK) rank = TILE_MAX_RANK;
    t.rank = rank;
    for (int i = 0; i < rank; i++)
        t.shape[i] = shape[i];
    return t;
}

int64_t tile_type_numel(const TileType *t) {
    int64_t n = 1;
    for (int i = 0; i < t->rank; i++)
        n *= t->shape[i];
    return n;
}

bool tile_type_same_shape(const TileType *a, const TileType *b) {
    if (a->rank != b->rank) return false;
    for (int i = 0; i < a->rank; i++)
        if (a->shape[i] != b->shape[i]) return false;
    return true;
}

bool tile_type_equal(const TileType *a, const TileType *b) {
    return a->dtype == b->dtype && tile_type_same_shape(a, b);
}

char *tile_type_format(const TileType *t, char *buf, size_t size) {
    if (!size) return buf;
    if (t->rank == 0) {
        snprintf(buf, size, "%s", tile_dtype_name(t->dtype));
        return buf;
    }
    size_t n = (size_t)snprintf(buf, size, "tile<");
    for (int i = 0; i < t->rank && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%lldx", (long long)t->shape[i]);
    if (n < size) snprintf(buf + n, size - n, "%s>", tile_dtype_name(t->dtype));
    return buf;
}

/* ---------------------------------------------------------------- functions */

TileFunc *tile_func_new(TileAllocFn alloc, void *ud, const char *name, const char *filename,
                        int line) {
    TileFunc *f = alloc(ud, NULL, 0, sizeof *f);
    if (!f) return NULL;
    memset(f, 0, sizeof *f);
    f->arena.alloc = alloc;
    f->arena.alloc_ud = ud;
    f->line = line;
    f->name = tile_strdup(f, name ? name : "kernel");
    f->filename = tile_strdup(f, filename ? filename : "<unknown>");
    if (f->failed) {
        tile_func_free(f);
        return NULL;
    }
    return f;
}

void tile_func_free(TileFunc *f) {
    if (!f) return;
    TileAllocFn alloc = f->arena.alloc;
    void *ud = f->arena.alloc_ud;
    if (f->params) alloc(ud, f->params, sizeof *f->params * (size_t)f->params_cap, 0);
    if (f->values) alloc(ud, f->values, sizeof *f->values * (size_t)f->values_cap, 0);
    if (f->vars) alloc(ud, f->vars, sizeof *f->vars * (size_t)f->vars_cap, 0);
    ast_arena_free(&f->arena);
    alloc(ud, f, sizeof *f, 0);
}

const char *tile_strdup(TileFunc *f, const char *s) {
    if (!s) return NULL;
    char *p = ast_strdup(&f->arena, s, strlen(s));
    if (!p) f->failed = true;
    return p;
}

/* Grows one of the function's tables to hold one more element; false on failure. */
static bool tile_table_grow(TileFunc *f, void **data, int *cap, int len, size_t elem) {
    if (len < *cap) return true;
    int ncap = *cap ? *cap * 2 : 16;
    void *p = f->arena.alloc(f->arena.alloc_ud, *data, elem * (size_t)*cap, elem * (size_t)ncap);
    if (!p) {
        f->failed = true;
        return false;
    }
    *data = p;
    *cap = ncap;
    return true;
}

int tile_param_add(TileFunc *f, const char *name, TileParamKind kind, TileDType dt, int rank,
                   int arg_index) {
    if (!tile_table_grow(f, (void **)&f->params, &f->params_cap, f->nparams, sizeof *f->params))
        return -1;
    TileParam *p = &f->params[f->nparams];
    memset(p, 0, sizeof *p);
    p->name = tile_strdup(f, name);
    p->kind = kind;
    p->dtype = dt;
    p->rank = rank;
    p->arg_index = arg_index;
    p->divisible_by = 1;
    return f->nparams++;
}

int tile_var_add(TileFunc *f, const char *name, TileType type) {
    if (!tile_table_grow(f, (void **)&f->vars, &f->vars_cap, f->nvars, sizeof *f->vars)) return -1;
    f->vars[f->nvars].name = tile_strdup(f, name);
    f->vars[f->nvars].type = type;
    return f->nvars++;
}

int tile_value_add(TileFunc *f, TileType type, TileOp *def) {
    if (!tile_table_grow(f, (void **)&f->values, &f->values_cap, f->nvalues, sizeof *f->values))
        return -1;
    f->values[f->nvalues].type = type;
    f->values[f->nvalues].def = def;
    return f->nvalues++;
}

void tile_region_append(TileRegion *r, TileOp *op) {
    op->next = NULL;
    if (r->last)
        r->last->next = op;
    else
        r->first = op;
    r->last = op;
}

TileOp *tile_op_new(TileFunc *f, TileRegion *r, TileOpKind kind, int noperands, const int *operands,
                    const TileType *result_type, int line, int col) {
    TileOp *op = ast_alloc(&f->arena, sizeof *op);
    if (!op) {
        f->failed = true;
        return NULL;
    }
    op->kind = kind;
    op->line = line;
    op->col = col;
    op->result = -1;
    op->axis = op->array = op->param = op->var = -1;
    op->vars2[0] = op->vars2[1] = -1;
    for (int i = 0; i < TILE_MAX_RANK; i++)
        op->perm[i] = i;
    op->check_bounds = true;
    op->padding = TP_UNDETERMINED;
    op->memorder = TMO_WEAK;
    op->memscope = TMS_NONE;
    op->allow_tma = -1;
    op->step = 1;
    op->divisor = 1;
    if (noperands > 0) {
        op->operands = ast_alloc(&f->arena, sizeof *op->operands * (size_t)noperands);
        if (!op->operands) {
            f->failed = true;
            return NULL;
        }
        memcpy(op->operands, operands, sizeof *op->operands * (size_t)noperands);
        op->noperands = noperands;
    }
    if (result_type) {
        op->result = tile_value_add(f, *result_type, op);
        if (op->result < 0) return NULL;
    }
    if (r) tile_region_append(r, op);
    return op;
}

int tile_op_view_operand(const TileOp *op, int rank, int axis) {
    if (!(op->view & (1u << axis))) return -1;
    int k = rank;
    for (int a = 0; a < axis; a++)
        if (op->view & (1u << a)) k += 2;
    return k;
}
