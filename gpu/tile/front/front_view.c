/* front_view.c: cuTile's tiled views in the front (Array.tiled_view and TiledView's
 * dtype, tile_shape, num_tiles, load, store). A tiled view is a compile-time value of the
 * front (FV_TVIEW: the array, its tile shape and padding mode), not an IR value: each of
 * its accesses becomes the ct.load / ct.store / ct.num_tiles it stands for, so the IR, the
 * interpreter and the lowering see nothing new. */
#include <string.h>

#include "front_internal.h"

/* x.tiled_view(tile_shape, *, padding_mode=PaddingMode.UNDETERMINED) */
bool fe_tiled_view_new(Front *F, AstPos pos, FrontValue array, FrontArgs *a, FrontValue *out) {
    static const char *const names[] = {"tile_shape", "padding_mode", NULL};
    FrontValue v[2];
    if (!fe_bind_args(F, pos, "tiled_view", a, names, 1, 1, v)) return false;
    const TileParam *p = &F->f->params[array.u.array];
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
    memset(out, 0, sizeof *out);
    out->kind = FV_TVIEW;
    out->u.tview = tv;
    return true;
}

bool fe_tiled_view_getattr(Front *F, AstPos pos, FrontValue tv, const char *name, FrontValue *out) {
    const FrontTiledView *v = tv.u.tview;
    if (strcmp(name, "dtype") == 0)
        return (*out = fv_dtype(F->f->params[v->array.u.array].dtype)), true;
    if (strcmp(name, "tile_shape") == 0) return (*out = v->shape), true;
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

bool fe_tiled_view_call(Front *F, AstPos pos, FrontValue tv, const char *name, FrontArgs *a,
                        FrontValue *out) {
    const FrontTiledView *v = tv.u.tview;
    FrontArgs b;
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
    TileDType dt = F->f->params[v->array.u.array].dtype;
    if (fv_is_number(&t)) {
        int c = fe_materialize(F, pos, t, dt, true);
        if (c < 0) return false;
        t = fv_tile(c);
    }
    if (t.kind == FV_TILE) {
        TileType want = tile_type_make(fe_type(F, t.u.value)->dtype, rank, shape);
        const TileType *have = fe_type(F, t.u.value);
        if (have->rank == 0) {
            int c = fe_broadcast_to(F, pos, t.u.value, &want);
            if (c < 0) return false;
            t = fv_tile(c);
        } else if (!tile_type_same_shape(have, &want)) {
            char hs[96], ws[96];
            tile_type_format(have, hs, sizeof hs);
            tile_type_format(&want, ws, sizeof ws);
            return fe_error(F, pos, TY_TYPE_ERROR,
                            "TiledView.store: the tile is %s, the view's tiles are %s", hs, ws);
        }
    }
    FrontArgs a2 = *a;
    FrontValue argv[2] = {a->argv[0], t};
    a2.argv = argv;
    if (!view_args(F, pos, v, &a2, -1, false, &b)) return false;
    return fe_call_intrinsic(F, pos, TI_STORE, &b, out);
}
