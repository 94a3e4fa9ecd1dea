/* front_view.c: cuTile's tiled views in the front (Array.tiled_view and TiledView's
 * dtype, tile_shape, num_tiles, load, store). A tiled view is a compile-time value of the
 * front (FV_TVIEW: the array, its tile shape and padding mode), not an IR value: each of
 * its accesses becomes the ct.load / ct.store / ct.num_tiles it stands for, so the IR, the
 * interpreter and the lowering see nothing new. */
#include <string.h>

#include "front_internal.h"

static bool strided_view_call(Front *F, AstPos pos, const FrontTiledView *tv, const char *name,
                              FrontArgs *a, FrontValue *out);

/* x.tiled_view(tile_shape, *, padding_mode=PaddingMode.UNDETERMINED) */
bool fe_tiled_view_new(Front *F, AstPos pos, FrontValue array, FrontArgs *a, FrontValue *out) {
    static const char *const names[] = {"tile_shape", "padding_mode", "traversal_steps", NULL};
    FrontValue v[3];
    if (!fe_bind_args(F, pos, "tiled_view", a, names, 1, 1, v)) return false;
    const TileParam *p = &F->f->params[fe_array_param(&array)];
    int rank;
    int64_t shape[TILE_MAX_RANK];
    if (!fe_shape_arg(F, pos, v[0], "tile_shape", &rank, shape)) return false;
    if (rank != p->rank)
        return fe_error(F, pos, TY_TYPE_ERROR,
                        "tiled_view: the tile shape has %d dimensions but the array has %d", rank,
                        p->rank);
    if (v[1].kind != FV_UNDEF && !(v[1].kind == FV_ENUM && v[1].u.en.kind == FE_ENUM_PADDING))
        return fe_error(F, pos, TY_TYPE_ERROR, "tiled_view: padding_mode must be a PaddingMode");
    FrontTiledView *tv = fe_alloc(F, sizeof *tv);
    FrontValue *dims = fe_alloc(F, sizeof(FrontValue) * (size_t)(rank ? rank : 1));
    if (!tv || !dims) return false;
    tv->array = array;
    for (int i = 0; i < rank; i++)
        dims[i] = fv_int(shape[i]);
    memset(&tv->shape, 0, sizeof tv->shape);
    tv->shape.kind = FV_TUPLE;
    tv->shape.u.tuple.n = rank;
    tv->shape.u.tuple.items = dims;
    tv->padding = v[1];
    tv->steps = tv->shape;
    tv->strided = false;
    if (v[2].kind != FV_UNDEF && v[2].kind != FV_NONE) {
        /* traversal_steps: elements between consecutive tile origins per axis; a view
         * whose steps differ from its tile shape is accessed by gathers (view_access) */
        int srank;
        int64_t steps[TILE_MAX_RANK];
        if (!fe_shape_arg(F, pos, v[2], "traversal_steps", &srank, steps)) return false;
        if (srank != rank)
            return fe_error(F, pos, TY_TYPE_ERROR,
                            "tiled_view: traversal_steps has %d dimensions but the array has %d",
                            srank, rank);
        FrontValue *sd = fe_alloc(F, sizeof(FrontValue) * (size_t)(rank ? rank : 1));
        if (!sd) return false;
        for (int i = 0; i < rank; i++) {
            sd[i] = fv_int(steps[i]);
            tv->strided = tv->strided || steps[i] != shape[i];
        }
        tv->steps.u.tuple.items = sd;
    }
    memset(out, 0, sizeof *out);
    out->kind = FV_TVIEW;
    out->u.tview = tv;
    return true;
}

bool fe_tiled_view_getattr(Front *F, AstPos pos, FrontValue tv, const char *name, FrontValue *out) {
    const FrontTiledView *v = tv.u.tview;
    if (strcmp(name, "dtype") == 0)
        return (*out = fv_dtype(F->f->params[fe_array_param(&v->array)].dtype)), true;
    if (strcmp(name, "tile_shape") == 0) return (*out = v->shape), true;
    if (strcmp(name, "traversal_steps") == 0) return (*out = v->steps), true;
    if (strcmp(name, "num_tiles") == 0 || strcmp(name, "load") == 0 || strcmp(name, "store") == 0) {
        memset(out, 0, sizeof *out);
        out->kind = FV_METHOD;
        out->u.method.self = fe_alloc(F, sizeof(FrontValue));
        if (!out->u.method.self) return false;
        *out->u.method.self = tv;
        out->u.method.name = strcmp(name, "load") == 0    ? "load"
                             : strcmp(name, "store") == 0 ? "store"
                                                          : "num_tiles";
        return true;
    }
    return fe_error(F, pos, TY_ATTRIBUTE_ERROR, "'TiledView' object has no attribute '%s'", name);
}

/* The call args for the intrinsic a view method stands for: the view's array first, then
 * a's positional args with the view's tile shape inserted at shape_at (-1: none), then a's
 * keywords and, for a load, the view's padding mode. */
static bool view_args(Front *F, AstPos pos, const FrontTiledView *v, FrontArgs *a, int shape_at,
                      bool padding, FrontArgs *b) {
    int argc = 1 + a->argc + (shape_at >= 0), nkw = a->nkw + (padding ? 1 : 0);
    memset(b, 0, sizeof *b);
    b->argv = fe_alloc(F, sizeof(FrontValue) * (size_t)argc);
    b->argpos = fe_alloc(F, sizeof(AstPos) * (size_t)argc);
    b->kwnames = fe_alloc(F, sizeof(const char *) * (size_t)(nkw ? nkw : 1));
    b->kwv = fe_alloc(F, sizeof(FrontValue) * (size_t)(nkw ? nkw : 1));
    b->kwpos = fe_alloc(F, sizeof(AstPos) * (size_t)(nkw ? nkw : 1));
    if (!b->argv || !b->argpos || !b->kwnames || !b->kwv || !b->kwpos) return false;
    b->argv[b->argc] = v->array;
    b->argpos[b->argc++] = pos;
    for (int i = 0; i < a->argc; i++) {
        if (b->argc == shape_at) {
            b->argv[b->argc] = v->shape;
            b->argpos[b->argc++] = pos;
        }
        b->argv[b->argc] = a->argv[i];
        b->argpos[b->argc++] = a->argpos[i];
    }
    if (shape_at >= 0 && b->argc == shape_at) {
        b->argv[b->argc] = v->shape;
        b->argpos[b->argc++] = pos;
    }
    for (int i = 0; i < a->nkw; i++) {
        static const char *const allowed[] = {"latency", "allow_tma", NULL};
        bool ok = false;
        for (int k = 0; allowed[k]; k++)
            ok = ok || strcmp(a->kwnames[i], allowed[k]) == 0;
        if (!ok)
            return fe_error(F, a->kwpos[i], TY_TYPE_ERROR,
                            "TiledView method got an unexpected keyword argument '%s'",
                            a->kwnames[i]);
        b->kwnames[b->nkw] = a->kwnames[i];
        b->kwv[b->nkw] = a->kwv[i];
        b->kwpos[b->nkw++] = a->kwpos[i];
    }
    if (padding && v->padding.kind != FV_UNDEF) {
        b->kwnames[b->nkw] = "padding_mode";
        b->kwv[b->nkw] = v->padding;
        b->kwpos[b->nkw++] = pos;
    }
    return true;
}

/* The value a TiledView.store stores, in *t: a number fills the view's tile (dtype dt), a
 * scalar tile is broadcast to it, a tile of another shape is a TypeError. */
static bool view_store_value(Front *F, AstPos pos, TileDType dt, int rank, const int64_t *shape,
                             FrontValue *t) {
    if (fv_is_number(t)) {
        int c = fe_materialize(F, pos, *t, dt, true);
        if (c < 0) return false;
        *t = fv_tile(c);
    }
    if (t->kind != FV_TILE) return true;
    const TileType *have = fe_type(F, t->u.value);
    TileType want = tile_type_make(have->dtype, rank, shape);
    if (have->rank == 0) {
        int c = fe_broadcast_to(F, pos, t->u.value, &want);
        if (c < 0) return false;
        *t = fv_tile(c);
    } else if (!tile_type_same_shape(have, &want)) {
        char hs[96], ws[96];
        tile_type_format(have, hs, sizeof hs);
        tile_type_format(&want, ws, sizeof ws);
        return fe_error(F, pos, TY_TYPE_ERROR,
                        "TiledView.store: the tile is %s, the view's tiles are %s", hs, ws);
    }
    return true;
}

bool fe_tiled_view_call(Front *F, AstPos pos, FrontValue tv, const char *name, FrontArgs *a,
                        FrontValue *out) {
    const FrontTiledView *v = tv.u.tview;
    FrontArgs b;
    if (v->strided) return strided_view_call(F, pos, v, name, a, out);
    if (strcmp(name, "num_tiles") == 0) {
        /* num_tiles(axis) -> ct.num_tiles(array, axis, tile_shape) */
        if (a->argc != 1 || a->nkw)
            return fe_error(F, pos, TY_TYPE_ERROR, "TiledView.num_tiles() takes one axis");
        if (!view_args(F, pos, v, a, 2, false, &b)) return false;
        return fe_call_intrinsic(F, pos, TI_NUM_TILES, &b, out);
    }
    if (strcmp(name, "load") == 0) {
        /* load(index, *, latency, allow_tma) -> ct.load(array, index, tile_shape, ...) */
        if (a->argc != 1)
            return fe_error(F, pos, TY_TYPE_ERROR, "TiledView.load() takes one index");
        if (!view_args(F, pos, v, a, 2, true, &b)) return false;
        return fe_call_intrinsic(F, pos, TI_LOAD, &b, out);
    }
    /* store(index, tile, *, latency, allow_tma) -> ct.store(array, index, tile, ...), the
     * tile of the view's shape (a number fills one) */
    if (a->argc != 2)
        return fe_error(F, pos, TY_TYPE_ERROR, "TiledView.store() takes an index and a tile");
    int rank = v->shape.u.tuple.n;
    int64_t shape[TILE_MAX_RANK];
    for (int i = 0; i < rank; i++)
        shape[i] = v->shape.u.tuple.items[i].u.i;
    FrontValue t = a->argv[1];
    TileDType dt = F->f->params[fe_array_param(&v->array)].dtype;
    if (!view_store_value(F, pos, dt, rank, shape, &t)) return false;
    FrontArgs a2 = *a;
    FrontValue argv[2] = {a->argv[0], t};
    a2.argv = argv;
    if (!view_args(F, pos, v, &a2, -1, false, &b)) return false;
    return fe_call_intrinsic(F, pos, TI_STORE, &b, out);
}

/* ---- Array.slice(axis, start, stop): a view of an array parameter. Its loads and stores
 * become gathers and scatters on the parameter with index tiles start + the tile's
 * coordinates and a mask of the coordinates inside the view (the view's edge pads and
 * drops as an array's own edge does), so the IR and the back ends see nothing new: correct,
 * at the speed of a gather (per-element addresses, no vector accesses). ---- */

int fe_array_param(const FrontValue *v) {
    return v->kind == FV_ARRAY ? v->u.array : v->kind == FV_AVIEW ? v->u.aview->param : -1;
}

/* an int64 scalar of v (a constant or a scalar tile) */
static int int64_scalar(Front *F, AstPos pos, FrontValue v, const char *what) {
    int x = fe_index_scalar(F, pos, v, what);
    if (x < 0) return -1;
    return fe_type(F, x)->dtype == TDT_INT64 ? x : fe_cast(F, x, TDT_INT64);
}

/* the view's start (0 when none) and extent along axis, as int64 scalars */
static int view_start(Front *F, const FrontArrayView *v, int axis) {
    return v->start[axis] >= 0 ? v->start[axis] : fe_const_int(F, TDT_INT64, 0);
}
static int view_extent(Front *F, const FrontArrayView *v, int axis) {
    if (v->extent[axis] >= 0) return v->extent[axis];
    TileType it = tile_type_scalar(TDT_INT32);
    TileOp *op = fe_op(F, TOP_ARRAY_DIM, 0, NULL, &it);
    if (!op) return -1;
    op->array = v->param;
    op->axis = axis;
    return fe_cast(F, op->result, TDT_INT64);
}

static int bin64(Front *F, AstPos pos, TileBinop b, int x, int y) {
    FrontValue r;
    if (!fe_elementwise_binary(F, pos, b, fv_tile(x), fv_tile(y), &r)) return -1;
    return r.u.value;
}

bool fe_array_slice(Front *F, AstPos pos, FrontValue array, FrontArgs *a, FrontValue *out) {
    static const char *const names[] = {"axis", "start", "stop", NULL};
    FrontValue v[3];
    if (!fe_bind_args(F, pos, "slice", a, names, 3, 3, v)) return false;
    int param = fe_array_param(&array);
    int rank = F->f->params[param].rank;
    int64_t axis;
    if (!fe_int_const(F, pos, v[0], "axis", &axis)) return false;
    if (axis < 0) axis += rank;
    if (axis < 0 || axis >= rank)
        return fe_error(F, pos, TY_TYPE_ERROR,
                        "slice: axis %lld is out of range for a rank-%d array",
                        (long long)(axis < 0 ? axis - rank : axis), rank);
    FrontArrayView *nv = fe_alloc(F, sizeof *nv);
    if (!nv) return false;
    if (array.kind == FV_AVIEW) {
        *nv = *array.u.aview;
    } else {
        nv->param = param;
        for (int k = 0; k < TILE_MAX_RANK; k++)
            nv->start[k] = nv->extent[k] = -1;
    }
    F->pos = pos;
    int lo = int64_scalar(F, pos, v[1], "slice start"),
        hi = int64_scalar(F, pos, v[2], "slice stop");
    if (lo < 0 || hi < 0) return false;
    /* clamped into the parent (cuTile requires 0 <= start <= stop <= its extent; krait
     * clamps as NumPy's slicing does for stops past the end, and a negative start to 0):
     * lo' = min(max(lo, 0), pe), hi' = min(max(hi, lo'), pe) */
    int base = view_start(F, nv, (int)axis);
    int pe = base < 0 ? -1 : view_extent(F, nv, (int)axis);
    int zero = fe_const_int(F, TDT_INT64, 0);
    int l1 = pe < 0 ? -1 : bin64(F, pos, TB_MAX, lo, zero);
    int l2 = l1 < 0 ? -1 : bin64(F, pos, TB_MIN, l1, pe);
    int h1 = l2 < 0 ? -1 : bin64(F, pos, TB_MAX, hi, l2);
    int h2 = h1 < 0 ? -1 : bin64(F, pos, TB_MIN, h1, pe);
    int start = h2 < 0 ? -1 : bin64(F, pos, TB_ADD, base, l2);
    int extent = start < 0 ? -1 : bin64(F, pos, TB_SUB, h2, l2);
    if (extent < 0) return false;
    nv->start[axis] = start;
    nv->extent[axis] = extent;
    memset(out, 0, sizeof *out);
    out->kind = FV_AVIEW;
    out->u.aview = nv;
    return true;
}

bool fe_slice_getattr(Front *F, AstPos pos, FrontValue view, const char *name, FrontValue *out) {
    const FrontArrayView *v = view.u.aview;
    const TileParam *p = &F->f->params[v->param];
    if (strcmp(name, "dtype") == 0) return (*out = fv_dtype(p->dtype)), true;
    if (strcmp(name, "ndim") == 0) return (*out = fv_int(p->rank)), true;
    if (strcmp(name, "shape") == 0 || strcmp(name, "strides") == 0) {
        bool shape = name[1] == 'h';
        FrontValue *items = fe_alloc(F, sizeof(FrontValue) * (size_t)(p->rank ? p->rank : 1));
        if (!items) return false;
        F->pos = pos;
        for (int i = 0; i < p->rank; i++) {
            int x;
            if (shape) {
                x = view_extent(F, v, i);
                if (x >= 0) x = fe_cast(F, x, TDT_INT32);
            } else {
                TileType it = tile_type_scalar(TDT_INT32);
                TileOp *op = fe_op(F, TOP_ARRAY_STRIDE, 0, NULL, &it);
                if (!op) return false;
                op->array = v->param;
                op->axis = i;
                x = op->result;
            }
            if (x < 0) return false;
            items[i] = fv_tile(x);
        }
        memset(out, 0, sizeof *out);
        out->kind = FV_TUPLE;
        out->u.tuple.n = p->rank;
        out->u.tuple.items = items;
        return true;
    }
    return fe_error(F, pos, TY_ATTRIBUTE_ERROR,
                    "an array slice has no attribute '%s' in krait's tile code", name);
}

/* An int64 tile of the given shape whose elements are their coordinate along axis k. */
int fe_axis_coords(Front *F, AstPos pos, int rank, const int64_t *shape, int k) {
    TileType full = tile_type_make(TDT_INT64, rank, shape);
    TileType it = tile_type_make(TDT_INT64, 1, &shape[k]);
    TileOp *io = fe_op(F, TOP_IOTA, 0, NULL, &it);
    if (!io) return -1;
    io->value.i = 0;
    io->step = 1;
    int64_t rs[TILE_MAX_RANK];
    for (int d = 0; d < rank; d++)
        rs[d] = d == k ? shape[k] : 1;
    int c = fe_reshape(F, io->result, rank, rs);
    return c < 0 ? -1 : fe_broadcast_to(F, pos, c, &full);
}

FrontValue fe_padding_value(int pad) {
    double inf = 1e308 * 10;
    return pad == TP_NEG_ZERO  ? fv_float(-0.0)
           : pad == TP_NAN     ? fv_float(inf - inf)
           : pad == TP_POS_INF ? fv_float(inf)
           : pad == TP_NEG_INF ? fv_float(-inf)
                               : fv_int(0);
}

/* The index tiles (array axis order) and the in-view mask of the tile at tile index idx of
 * shape shape, tile dim k along array axis perm[k], its origin idx[k] * steps[k] elements
 * into the view along that axis. */
static bool view_tile_indices(Front *F, AstPos pos, const FrontArrayView *v, int rank,
                              const int *idx, const int64_t *shape, const int64_t *steps,
                              const int *perm, FrontValue *ix, int *mask) {
    *mask = -1;
    for (int k = 0; k < rank; k++) {
        int ax = perm[k];
        int c = fe_axis_coords(F, pos, rank, shape, k);
        if (c < 0) return false;
        int ix64 = fe_type(F, idx[k])->dtype == TDT_INT64 ? idx[k] : fe_cast(F, idx[k], TDT_INT64);
        int org = ix64 < 0 ? -1 : bin64(F, pos, TB_MUL, ix64, fe_const_int(F, TDT_INT64, steps[k]));
        int coord = org < 0 ? -1 : bin64(F, pos, TB_ADD, c, org); /* inside the view */
        int start = coord < 0 ? -1 : view_start(F, v, ax);
        int extent = start < 0 ? -1 : view_extent(F, v, ax);
        if (extent < 0) return false;
        int at = bin64(F, pos, TB_ADD, coord, start);
        if (at < 0) return false;
        ix[ax] = fv_tile(at);
        FrontValue lo, hi, both;
        if (!fe_elementwise_compare(F, pos, TC_GE, fv_tile(coord), fv_int(0), &lo) ||
            !fe_elementwise_compare(F, pos, TC_LT, fv_tile(coord), fv_tile(extent), &hi) ||
            !fe_elementwise_binary(F, pos, TB_AND, lo, hi, &both))
            return false;
        if (*mask < 0) {
            *mask = both.u.value;
        } else {
            FrontValue m;
            if (!fe_elementwise_binary(F, pos, TB_AND, fv_tile(*mask), both, &m)) return false;
            *mask = m.u.value;
        }
    }
    return true;
}

static bool tuple_of(Front *F, int n, const FrontValue *items, FrontValue *out) {
    FrontValue *it = fe_alloc(F, sizeof(FrontValue) * (size_t)(n ? n : 1));
    if (!it) return false;
    memcpy(it, items, sizeof(FrontValue) * (size_t)n);
    memset(out, 0, sizeof *out);
    out->kind = FV_TUPLE;
    out->u.tuple.n = n;
    out->u.tuple.items = it;
    return true;
}

/* A load (tile < 0: padding mode pad) or a store of tile through view v as a gather or a
 * scatter on its parameter: the tile at tile index idx, of shape shape, its origin idx[k] *
 * steps[k] along tile dim k, which runs along array axis perm[k]. */
static bool view_access(Front *F, AstPos pos, const FrontArrayView *v, const int *idx,
                        const int64_t *shape, const int64_t *steps, const int *perm, int pad,
                        int tile, FrontValue *out) {
    int rank = F->f->params[v->param].rank;
    FrontValue base = {.kind = FV_ARRAY};
    base.u.array = v->param;
    FrontValue at[TILE_MAX_RANK];
    int mask;
    if (!view_tile_indices(F, pos, v, rank, idx, shape, steps, perm, at, &mask)) return false;
    FrontValue tup;
    if (!tuple_of(F, rank, at, &tup)) return false;
    FrontArgs b;
    memset(&b, 0, sizeof b);
    FrontValue argv[3];
    AstPos argpos[3] = {pos, pos, pos};
    const char *kwn[2];
    FrontValue kwv[2];
    AstPos kwp[2] = {pos, pos};
    argv[0] = base;
    argv[1] = tup;
    b.argv = argv;
    b.argpos = argpos;
    b.kwnames = kwn;
    b.kwv = kwv;
    b.kwpos = kwp;
    kwn[0] = "mask";
    kwv[0] = fv_tile(mask);
    if (tile < 0) {
        b.argc = 2;
        kwn[1] = "padding_value";
        kwv[1] = fe_padding_value(pad);
        b.nkw = 2;
        return fe_call_intrinsic(F, pos, TI_GATHER, &b, out);
    }
    argv[2] = fv_tile(tile);
    b.argc = 3;
    b.nkw = 1;
    return fe_call_intrinsic(F, pos, TI_SCATTER, &b, out);
}

/* The index scalars of a load/store index (a tuple or one value) for a rank-`rank` array. */
static bool index_scalars(Front *F, AstPos pos, FrontValue index, int rank, int *idx) {
    FrontValue items[TILE_MAX_RANK], *ix = items;
    int n = 1;
    if (index.kind == FV_TUPLE) {
        ix = index.u.tuple.items;
        n = index.u.tuple.n;
    } else {
        items[0] = index;
    }
    if (n != rank)
        return fe_error(F, pos, TY_TYPE_ERROR, "Index size %d does not match the array rank %d", n,
                        rank);
    for (int i = 0; i < rank; i++)
        if ((idx[i] = fe_index_scalar(F, pos, ix[i], "a tile index")) < 0) return false;
    return true;
}

/* the number of tile origins 0, S, 2S, ... a view of extent e (int64 scalar) needs so its
 * tiles of T elements cover it: cdiv(max(e - T, 0), S) + min(e, 1) (cdiv(e, T) when S = T) */
static int strided_count(Front *F, AstPos pos, int e, int64_t T, int64_t S) {
    FrontValue d, c, one, n;
    if (!fe_elementwise_binary(F, pos, TB_SUB, fv_tile(e), fv_int(T), &d) ||
        !fe_elementwise_binary(F, pos, TB_MAX, d, fv_int(0), &d) ||
        !fe_elementwise_binary(F, pos, TB_CDIV, d, fv_int(S), &c) ||
        !fe_elementwise_binary(F, pos, TB_MIN, fv_tile(e), fv_int(1), &one) ||
        !fe_elementwise_binary(F, pos, TB_ADD, c, one, &n))
        return -1;
    return fe_cast(F, n.u.value, TDT_INT32);
}

/* num_tiles / load / store of a tiled view with traversal_steps other than its tile shape */
static bool strided_view_call(Front *F, AstPos pos, const FrontTiledView *tv, const char *name,
                              FrontArgs *a, FrontValue *out) {
    FrontArrayView whole, *v = &whole;
    if (tv->array.kind == FV_AVIEW) {
        whole = *tv->array.u.aview;
    } else {
        whole.param = tv->array.u.array;
        for (int k = 0; k < TILE_MAX_RANK; k++)
            whole.start[k] = whole.extent[k] = -1;
    }
    int rank = F->f->params[v->param].rank;
    int64_t shape[TILE_MAX_RANK], steps[TILE_MAX_RANK];
    int perm[TILE_MAX_RANK];
    for (int i = 0; i < rank; i++) {
        shape[i] = tv->shape.u.tuple.items[i].u.i;
        steps[i] = tv->steps.u.tuple.items[i].u.i;
        perm[i] = i;
    }
    F->pos = pos;
    if (strcmp(name, "num_tiles") == 0) {
        int64_t axis;
        if (a->argc != 1 || a->nkw)
            return fe_error(F, pos, TY_TYPE_ERROR, "TiledView.num_tiles() takes one axis");
        if (!fe_int_const(F, pos, a->argv[0], "axis", &axis)) return false;
        if (axis < 0) axis += rank;
        if (axis < 0 || axis >= rank)
            return fe_error(F, pos, TY_TYPE_ERROR, "axis %lld is out of range for a rank-%d view",
                            (long long)axis, rank);
        int e = view_extent(F, v, (int)axis);
        int r = e < 0 ? -1 : strided_count(F, pos, e, shape[axis], steps[axis]);
        return r >= 0 && ((*out = fv_tile(r)), true);
    }
    bool load = strcmp(name, "load") == 0;
    static const char *const lnames[] = {"index", "latency", "allow_tma", NULL};
    static const char *const snames[] = {"index", "tile", "latency", "allow_tma", NULL};
    FrontValue w[4];
    if (!fe_bind_args(F, pos, load ? "TiledView.load" : "TiledView.store", a,
                      load ? lnames : snames, load ? 1 : 2, load ? 1 : 2, w))
        return false;
    int idx[TILE_MAX_RANK];
    if (!index_scalars(F, pos, w[0], rank, idx)) return false;
    TileDType dt = F->f->params[v->param].dtype;
    if (load) {
        int pad = TP_UNDETERMINED;
        if (tv->padding.kind == FV_ENUM) pad = tv->padding.u.en.value;
        return view_access(F, pos, v, idx, shape, steps, perm, pad, -1, out);
    }
    if (!view_store_value(F, pos, dt, rank, shape, &w[1])) return false;
    int t = fe_materialize(F, pos, w[1], dt, false);
    if (t < 0) return false;
    return view_access(F, pos, v, idx, shape, steps, perm, 0, t, out);
}

/* ct.load / ct.store through an Array.slice: the access of the parameter itself, its LOAD /
 * STORE then given the view's axes (op->view) and their start and extent as operands, so
 * it is an ordinary tile access (vector accesses where aligned) on the slice's elements. */
static bool view_memory(Front *F, AstPos pos, const FrontArrayView *v, int intr, FrontArgs *a,
                        FrontValue *out) {
    int rank = F->f->params[v->param].rank, bounds[2 * TILE_MAX_RANK], nb = 0;
    unsigned mask = 0;
    for (int ax = 0; ax < rank; ax++)
        if (v->start[ax] >= 0) {
            mask |= 1u << ax;
            bounds[nb++] = v->start[ax];
            bounds[nb++] = v->extent[ax];
        }
    FrontValue *argv = fe_alloc(F, sizeof(FrontValue) * (size_t)a->argc);
    if (!argv) return false;
    memcpy(argv, a->argv, sizeof(FrontValue) * (size_t)a->argc);
    argv[0].kind = FV_ARRAY;
    argv[0].u.array = v->param;
    FrontArgs b = *a;
    b.argv = argv;
    TileOp *before = F->region->last;
    if (!fe_call_intrinsic(F, pos, intr, &b, out)) return false;
    TileOp *op = NULL;
    for (TileOp *o = before ? before->next : F->region->first; o; o = o->next)
        if ((o->kind == TOP_LOAD || o->kind == TOP_STORE) && o->array == v->param) op = o;
    if (!op || op->noperands < rank) return fe_error(F, pos, TY_RUNTIME_ERROR, "slice access lost");
    bool store = op->kind == TOP_STORE;
    int n = rank + nb + store;
    int *ops = fe_alloc(F, sizeof(int) * (size_t)n);
    if (!ops) return false;
    memcpy(ops, op->operands, sizeof(int) * (size_t)rank);
    memcpy(ops + rank, bounds, sizeof(int) * (size_t)nb);
    if (store) ops[n - 1] = op->operands[op->noperands - 1];
    op->operands = ops;
    op->noperands = n;
    op->view = mask;
    return true;
}

bool fe_slice_call(Front *F, AstPos pos, int intr, FrontArgs *a, FrontValue *out) {
    const FrontArrayView *v = a->argv[0].u.aview;
    const TileParam *p = &F->f->params[v->param];
    int rank = p->rank;
    F->pos = pos;
    if (intr == TI_NUM_TILES) {
        static const char *const names[] = {"array", "axis", "shape", NULL};
        FrontValue w[3];
        if (!fe_bind_args(F, pos, "num_tiles", a, names, 3, 3, w)) return false;
        int64_t axis, shape[TILE_MAX_RANK];
        int r;
        if (!fe_int_const(F, pos, w[1], "axis", &axis) ||
            !fe_shape_arg(F, pos, w[2], "shape", &r, shape))
            return false;
        if (axis < 0) axis += rank;
        if (r != rank || axis < 0 || axis >= rank)
            return fe_error(F, pos, TY_TYPE_ERROR, "num_tiles: bad axis or shape for the slice");
        int e = view_extent(F, v, (int)axis);
        if (e < 0) return false;
        FrontValue t;
        if (!fe_elementwise_binary(F, pos, TB_CDIV, fv_tile(e), fv_int(shape[axis]), &t))
            return false;
        int r32 = fe_cast(F, t.u.value, TDT_INT32);
        return r32 >= 0 && ((*out = fv_tile(r32)), true);
    }
    if (intr != TI_LOAD && intr != TI_STORE)
        return fe_error(F, pos, TY_TYPE_ERROR,
                        "this operation does not take an array slice in krait's tile code yet "
                        "(ct.load, ct.store and ct.num_tiles do)");
    return view_memory(F, pos, v, intr, a, out);
}
