/* front_advanced.c: cuTile's ct.load_advanced_indexing / ct.store_advanced_indexing (with
 * ct.Slice), ct.pack_to_bytes / ct.unpack_from_bytes and the grid-dependency controls, in
 * the front. Each is written in ops the IR already has, so the interpreter and the lowering
 * see nothing new:
 * - an advanced-indexing access is a gather / scatter whose index tiles are the sparse
 *   axis's index tile and, along each dense axis, start + arange(length) (the gather's
 *   bounds test gives the padding mode's value outside the array, the scatter drops those);
 * - pack_to_bytes is a bitcast to the unsigned integer of the element's width, a shift of
 *   each element by 0, 8, ... bits broadcast along a new axis, a cast to uint8 and a
 *   reshape to 1-D (little-endian, as the GPU's memory); unpack_from_bytes is the inverse
 *   (shifts and an OR reduction over each element's bytes, then a bitcast);
 * - grid_dependency_control_wait / _launch_dependents (programmatic dependent launch)
 *   compile to nothing: krait launches without the PDL attribute, so a kernel starts only
 *   after the one before it in the stream has finished, which is what the wait waits for. */
#include <string.h>

#include "front_internal.h"

/* ct.Slice(start, length): start an int (constant or scalar), length a positive constant */
bool fe_ct_slice(Front *F, AstPos pos, FrontArgs *a, FrontValue *out) {
    static const char *const names[] = {"start", "length", NULL};
    FrontValue v[2];
    if (!fe_bind_args(F, pos, "Slice", a, names, 2, 2, v)) return false;
    int64_t len;
    if (!fe_int_const(F, pos, v[1], "Slice length", &len)) return false;
    if (len <= 0)
        return fe_error(F, pos, TY_VALUE_ERROR, "Slice length must be positive, got %lld",
                        (long long)len);
    if (!(v[0].kind == FV_INT || v[0].kind == FV_BOOL ||
          (v[0].kind == FV_TILE && fe_type(F, v[0].u.value)->rank == 0 &&
           tile_dtype_is_int(fe_type(F, v[0].u.value)->dtype))))
        return fe_error(F, pos, TY_TYPE_ERROR, "Slice start must be an integer scalar");
    FrontValue *items = fe_alloc(F, sizeof(FrontValue) * 2);
    if (!items) return false;
    items[0] = v[0];
    items[1] = fv_int(len);
    memset(out, 0, sizeof *out);
    out->kind = FV_CTSLICE;
    out->u.tuple.n = 2;
    out->u.tuple.items = items;
    return true;
}

/* A gather or scatter intrinsic call on array with the index tuple ix (rank items). */
static bool call_memory(Front *F, AstPos pos, int intr, FrontValue array, int rank,
                        const FrontValue *ix, FrontValue third, int nkw, const char **kwn,
                        FrontValue *kwv, FrontValue *out) {
    FrontValue *items = fe_alloc(F, sizeof(FrontValue) * (size_t)(rank ? rank : 1));
    if (!items) return false;
    memcpy(items, ix, sizeof(FrontValue) * (size_t)rank);
    FrontValue argv[3], tup;
    memset(&tup, 0, sizeof tup);
    tup.kind = FV_TUPLE;
    tup.u.tuple.n = rank;
    tup.u.tuple.items = items;
    argv[0] = array;
    argv[1] = tup;
    argv[2] = third;
    AstPos argpos[3] = {pos, pos, pos}, kwp[2] = {pos, pos};
    FrontArgs b = {.argc = intr == TI_SCATTER ? 3 : 2,
                   .argv = argv,
                   .argpos = argpos,
                   .nkw = nkw,
                   .kwnames = kwn,
                   .kwv = kwv,
                   .kwpos = kwp};
    return fe_call_intrinsic(F, pos, intr, &b, out);
}

/* The index tiles of an advanced-indexing access: shape[] gets the tile's shape, ix[] one
 * int64 tile of that shape per array axis. */
static bool adv_indices(Front *F, AstPos pos, const char *fname, FrontValue array, FrontValue idxv,
                        int *rank_out, int64_t *shape, FrontValue *ix) {
    if (array.kind != FV_ARRAY)
        return fe_error(F, pos, TY_TYPE_ERROR,
                        "%s() expects an array as its first argument (not a slice or a view)",
                        fname);
    int rank = F->f->params[array.u.array].rank;
    const FrontValue *items = &idxv;
    int n = 1;
    if (idxv.kind == FV_TUPLE) {
        items = idxv.u.tuple.items;
        n = idxv.u.tuple.n;
    }
    if (n != rank)
        return fe_error(F, pos, TY_TYPE_ERROR, "%s: %d indices for a rank-%d array", fname, n,
                        rank);
    int sparse = -1;
    for (int k = 0; k < rank; k++) {
        const FrontValue *it = &items[k];
        if (it->kind == FV_CTSLICE) {
            shape[k] = it->u.tuple.items[1].u.i;
            continue;
        }
        const TileType *t = it->kind == FV_TILE ? fe_type(F, it->u.value) : NULL;
        if (!t || t->rank != 1 || !tile_dtype_is_int(t->dtype) || sparse >= 0)
            return fe_error(F, pos, TY_TYPE_ERROR,
                            "%s: exactly one index must be a 1-D integer tile and the others "
                            "ct.Slice(start, length)",
                            fname);
        sparse = k;
        shape[k] = t->shape[0];
    }
    if (sparse < 0)
        return fe_error(F, pos, TY_TYPE_ERROR,
                        "%s: exactly one index must be a 1-D integer tile and the others "
                        "ct.Slice(start, length)",
                        fname);
    F->pos = pos;
    TileType full = tile_type_make(TDT_INT64, rank, shape);
    for (int k = 0; k < rank; k++) {
        int x;
        if (k == sparse) {
            int64_t rs[TILE_MAX_RANK];
            for (int d = 0; d < rank; d++)
                rs[d] = d == k ? shape[k] : 1;
            x = fe_cast(F, items[k].u.value, TDT_INT64);
            if (x >= 0) x = fe_reshape(F, x, rank, rs);
            if (x >= 0) x = fe_broadcast_to(F, pos, x, &full);
        } else {
            x = fe_axis_coords(F, pos, rank, shape, k);
            FrontValue r;
            if (x < 0 ||
                !fe_elementwise_binary(F, pos, TB_ADD, fv_tile(x), items[k].u.tuple.items[0], &r))
                return false;
            x = fe_type(F, r.u.value)->dtype == TDT_INT64 ? r.u.value
                                                          : fe_cast(F, r.u.value, TDT_INT64);
        }
        if (x < 0) return false;
        ix[k] = fv_tile(x);
    }
    *rank_out = rank;
    return true;
}

bool fe_advanced_indexing(Front *F, AstPos pos, int intr, FrontArgs *a, FrontValue *out) {
    bool load = intr == TI_LOAD_ADVANCED_INDEXING;
    const char *fname = load ? "load_advanced_indexing" : "store_advanced_indexing";
    static const char *const lnames[] = {"array",   "indices",   "padding_mode",
                                         "latency", "allow_tma", NULL};
    static const char *const snames[] = {"array", "indices", "tile", "latency", "allow_tma", NULL};
    FrontValue v[5];
    if (!fe_bind_args(F, pos, fname, a, load ? lnames : snames, load ? 2 : 3, load ? 2 : 3, v))
        return false;
    int rank = 0;
    int64_t shape[TILE_MAX_RANK];
    FrontValue ix[TILE_MAX_RANK];
    if (!adv_indices(F, pos, fname, v[0], v[1], &rank, shape, ix)) return false;
    const char *kwn[1];
    FrontValue kwv[1];
    if (load) {
        int pad = TP_UNDETERMINED;
        if (!fe_enum_arg(F, pos, v[2], FE_ENUM_PADDING, "padding_mode", TP_UNDETERMINED, &pad))
            return false;
        kwn[0] = "padding_value";
        kwv[0] = fe_padding_value(pad);
        return call_memory(F, pos, TI_GATHER, v[0], rank, ix, fv_none(), 1, kwn, kwv, out);
    }
    FrontValue t = v[2];
    if (t.kind == FV_TILE && fe_type(F, t.u.value)->rank > 0) {
        TileType want = tile_type_make(fe_type(F, t.u.value)->dtype, rank, shape);
        if (!tile_type_same_shape(fe_type(F, t.u.value), &want)) {
            char hs[96], ws[96];
            tile_type_format(fe_type(F, t.u.value), hs, sizeof hs);
            tile_type_format(&want, ws, sizeof ws);
            return fe_error(F, pos, TY_TYPE_ERROR, "%s: the tile is %s, the indices select %s",
                            fname, hs, ws);
        }
    }
    return call_memory(F, pos, TI_SCATTER, v[0], rank, ix, t, 0, kwn, kwv, out);
}

/* the unsigned integer dtype of n bytes */
static TileDType uint_of(int n) {
    return n == 1 ? TDT_UINT8 : n == 2 ? TDT_UINT16 : n == 4 ? TDT_UINT32 : TDT_UINT64;
}

static int bitcast_to(Front *F, int v, TileDType dt) {
    TileType t = *fe_type(F, v);
    if (t.dtype == dt) return v;
    t.dtype = dt;
    TileOp *o = fe_op(F, TOP_BITCAST, 1, &v, &t);
    return o ? o->result : -1;
}

/* (1, w) tile of the shifts 0, 8, ..., 8(w-1) in dtype dt */
static int byte_shifts(Front *F, int w, TileDType dt) {
    int64_t sh[2] = {1, w};
    TileType it = tile_type_make(dt, 1, &sh[1]);
    TileOp *io = fe_op(F, TOP_IOTA, 0, NULL, &it);
    if (!io) return -1;
    io->value.i = 0;
    io->step = 8;
    return fe_reshape(F, io->result, 2, sh);
}

bool fe_pack_bytes(Front *F, AstPos pos, int intr, FrontArgs *a, FrontValue *out) {
    bool pack = intr == TI_PACK_TO_BYTES;
    const char *fname = pack ? "pack_to_bytes" : "unpack_from_bytes";
    static const char *const pnames[] = {"x", NULL};
    static const char *const unames[] = {"x", "dtype", NULL};
    FrontValue v[2];
    if (!fe_bind_args(F, pos, fname, a, pack ? pnames : unames, pack ? 1 : 2, pack ? 1 : 2, v))
        return false;
    if (v[0].kind != FV_TILE) return fe_error(F, pos, TY_TYPE_ERROR, "%s() expects a tile", fname);
    int x = v[0].u.value;
    const TileType *t = fe_type(F, x);
    F->pos = pos;
    if (pack) {
        if (t->dtype == TDT_BOOL)
            return fe_error(F, pos, TY_TYPE_ERROR, "pack_to_bytes() of a bool tile: cast first");
        int w = tile_dtype_size(t->dtype);
        int64_t n = 1;
        for (int i = 0; i < t->rank; i++)
            n *= t->shape[i];
        TileDType ut = uint_of(w);
        int64_t col[2] = {n, 1}, nw[2] = {n, w}, flat = n * w;
        int u = fe_reshape(F, x, 1, &n);
        if (u >= 0) u = bitcast_to(F, u, ut);
        if (u >= 0 && w > 1) {
            int sh = byte_shifts(F, w, ut);
            TileType bt = tile_type_make(ut, 2, nw);
            u = sh < 0 ? -1 : fe_reshape(F, u, 2, col);
            int ub = u < 0 ? -1 : fe_broadcast_to(F, pos, u, &bt);
            int sb = ub < 0 ? -1 : fe_broadcast_to(F, pos, sh, &bt);
            FrontValue s;
            if (sb < 0 || !fe_elementwise_binary(F, pos, TB_SHR, fv_tile(ub), fv_tile(sb), &s))
                return false;
            u = fe_cast(F, s.u.value, TDT_UINT8); /* keeps the low byte */
            if (u >= 0) u = fe_reshape(F, u, 1, &flat);
        }
        return u >= 0 && ((*out = fv_tile(u)), true);
    }
    TileDType dt;
    if (!fe_dtype_arg(F, pos, v[1], "dtype", &dt)) return false;
    if (t->dtype != TDT_UINT8 || t->rank != 1) {
        char buf[96];
        tile_type_format(t, buf, sizeof buf);
        return fe_error(F, pos, TY_TYPE_ERROR,
                        "unpack_from_bytes() expects a 1-D uint8 tile, got %s", buf);
    }
    if (dt == TDT_BOOL)
        return fe_error(F, pos, TY_TYPE_ERROR, "unpack_from_bytes() to bool is not supported");
    int w = tile_dtype_size(dt);
    int64_t n = t->shape[0];
    if (n % w)
        return fe_error(F, pos, TY_TYPE_ERROR,
                        "unpack_from_bytes(): %lld bytes are not a whole number of %s elements",
                        (long long)n, tile_dtype_name(dt));
    int64_t m = n / w, mw[2] = {m, w};
    TileDType ut = uint_of(w);
    int u = x;
    if (w > 1) {
        u = fe_reshape(F, x, 2, mw);
        if (u >= 0) u = fe_cast(F, u, ut);
        int sh = u < 0 ? -1 : byte_shifts(F, w, ut);
        TileType bt = tile_type_make(ut, 2, mw);
        int sb = sh < 0 ? -1 : fe_broadcast_to(F, pos, sh, &bt);
        FrontValue s, r;
        if (sb < 0 || !fe_elementwise_binary(F, pos, TB_SHL, fv_tile(u), fv_tile(sb), &s) ||
            !fe_reduce(F, pos, TR_OR, false, s, fv_int(1), false, &r))
            return false;
        u = r.u.value;
    }
    u = bitcast_to(F, u, dt);
    return u >= 0 && ((*out = fv_tile(u)), true);
}

bool fe_grid_dependency(Front *F, AstPos pos, int intr, FrontArgs *a, FrontValue *out) {
    if (a->argc || a->nkw)
        return fe_error(F, pos, TY_TYPE_ERROR, "%s() takes no arguments",
                        intr == TI_GDC_WAIT ? "grid_dependency_control_wait"
                                            : "grid_dependency_control_launch_dependents");
    *out = fv_none();
    return true;
}
