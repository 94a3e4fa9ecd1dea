/* front_internal.h: what the front's files share (front.c: entry points, scopes and names;
 * front_stmt.c: statements and control flow; front_expr.c: expressions and operators;
 * front_types.c: promotion, broadcasting and IR emission helpers; front_call.c: calls of
 * the tile module's functions; front_call_ops.c: their shape and reduction ops).
 *
 * The front is an abstract interpreter over the AST. Every expression evaluates to a
 * FrontValue: either a compile-time value (ints and floats are cuTile's "loosely typed"
 * constants, tuples, dtypes, enum members, host objects such as modules and functions) or
 * a run-time IR value (FV_TILE, rank 0 for scalars). Compile-time arithmetic is folded, so
 * `T // 2` with a ct.Constant T is a constant and can be a tile shape.
 *
 * Errors: every function that can fail returns false (or -1 / NULL) after raising through
 * fe_error, which formats "file:line: message" for the construct at hand. */
#ifndef KRAIT_TILE_FRONT_INTERNAL_H
#define KRAIT_TILE_FRONT_INTERNAL_H

#include "../../../frontend/ast.h"
#include "../../../vm/code.h"
#include "../../../vm/error.h"
#include "../../../vm/number.h"
#include "../../../vm/seq.h"
#include "../../../vm/str.h"
#include "front.h"
#include "intrinsics.h"

/* The most elements one tile may have (2^24): a block holds its tiles in registers and
 * shared memory on the GPU, so far less is practical; this only stops absurd shapes. */
enum { FE_MAX_TILE_ELEMENTS = 1 << 24 };

typedef enum FvKind {
    FV_UNDEF, /* an unbound name */
    FV_NONE,
    FV_BOOL,  /* compile-time bool (loosely typed) */
    FV_INT,   /* compile-time int (loosely typed) */
    FV_FLOAT, /* compile-time float (loosely typed) */
    FV_STR,
    FV_TUPLE,
    FV_TILE,  /* a run-time value: ir value id */
    FV_ARRAY, /* an array parameter */
    FV_DTYPE,
    FV_ENUM,    /* a ct.PaddingMode / MemoryOrder / MemoryScope member */
    FV_HOST,    /* any other host object (module, function, class, intrinsic) */
    FV_METHOD,  /* a method bound to a tile or an array: self + name */
    FV_SLICE,   /* `:` inside a subscript (only full slices are meaningful) */
    FV_TVIEW,   /* a tiled view of an array (front_view.c) */
    FV_AVIEW,   /* Array.slice of an array parameter (front_view.c) */
    FV_CTSLICE, /* ct.Slice(start, length) (front_advanced.c): u.tuple = {start, length} */
} FvKind;

enum { FE_ENUM_PADDING, FE_ENUM_MEMORDER, FE_ENUM_MEMSCOPE, FE_ENUM_ROUNDING };

typedef struct FrontValue FrontValue;
typedef struct FrontTiledView FrontTiledView;
typedef struct FrontArrayView FrontArrayView;
struct FrontValue {
    FvKind kind;
    union {
        bool b;
        int64_t i;
        double f;
        int value;       /* FV_TILE */
        int array;       /* FV_ARRAY: param index */
        TileDType dtype; /* FV_DTYPE */
        struct {
            int kind, value;
        } en; /* FV_ENUM */
        struct {
            int n;
            FrontValue *items;
        } tuple; /* FV_TUPLE (arena) */
        struct {
            const char *s;
        } str; /* FV_STR (arena) */
        struct {
            Value obj;
            int intrinsic; /* TI_* or -1 */
        } host;
        struct {
            FrontValue *self; /* arena */
            const char *name;
        } method;
        const FrontTiledView *tview; /* FV_TVIEW (arena) */
        const FrontArrayView *aview; /* FV_AVIEW (arena) */
    } u;
};

/* Array.tiled_view(tile_shape, padding_mode=, traversal_steps=): the array (FV_ARRAY or
 * FV_AVIEW), the tile shape and the traversal steps (tuples of FV_INT; steps = shape when
 * not given), the padding mode (an FV_ENUM, or FV_UNDEF: the load's default); strided when
 * the steps differ from the shape. */
struct FrontTiledView {
    FrontValue array, shape, padding, steps;
    bool strided;
};

/* Array.slice: array parameter `param` seen from element start[k] on, extent[k] long, along
 * each axis (int64 scalar value ids; -1: 0 / the parameter's whole extent). */
struct FrontArrayView {
    int param;
    int start[TILE_MAX_RANK], extent[TILE_MAX_RANK];
};

/* A name binding of the current function scope. A variable assigned under run-time
 * control flow lives in a slot (slot >= 0): reads emit VAR_READ, writes VAR_WRITE. */
typedef struct FrontVar {
    const char *name;
    FrontValue v;     /* when slot < 0 */
    int slot;         /* TileFunc slot, or -1 */
    int slot_depth;   /* F->rt_depth where the slot was made (outside the regions it serves) */
    bool maybe_undef; /* assigned on some paths only (reading it is an error) */
    bool loop_local;  /* first assigned inside a loop body that has ended */
} FrontVar;

/* One function being walked: the kernel, or a helper being inlined. */
typedef struct FrontFrame {
    struct FrontFrame *parent;
    Value fn; /* the Function */
    Dict *globals;
    const char *filename; /* for errors */
    FrontVar *vars;
    int nvars, cap;
    bool is_kernel;
    bool returned;  /* a helper's `return` ran (the rest of its body is skipped) */
    FrontValue ret; /* a helper's return value */
    int depth;
    int rt_base; /* F->rt_depth when the frame began: a helper returns only at it */
} FrontFrame;

typedef struct Front {
    Interp *I;
    const TileFrontHost *host;
    TileSources *sources;
    TileFunc *f;
    TileRegion *region; /* where new ops go */
    FrontFrame *frame;
    Value intrinsics[TI__COUNT]; /* the tile module's objects, by TI_* */
    Value builtin_range, builtin_min, builtin_max, builtin_len, builtin_abs, builtin_int,
        builtin_float, builtin_bool, builtin_print, builtin_isinstance, builtin_divmod;
    int loop_depth; /* run-time loops around the current op */
    int rt_depth;   /* run-time control flow (loops and ifs) around the current op */
    AstPos pos;     /* the construct being compiled, for ops and errors */
    int64_t scalar_param_value[64]; /* PARAM value ids by parameter index, -1 none */
} Front;

/* ---- front_static.c: ct.static_eval / ct.static_iter (the call's argument is evaluated
 * as Python at compile time) */
bool fe_static_eval(Front *F, AstExpr *call, int intr, FrontValue *out);

/* ---- front.c */
bool fe_error(Front *F, AstPos pos, TypeId kind, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
bool fe_nomem(Front *F);
void *fe_alloc(Front *F, size_t size); /* the TileFunc arena; raises MemoryError */
const char *fe_strdup(Front *F, const char *s, size_t n);
FrontVar *fe_lookup_local(Front *F, const char *name);
bool fe_bind(Front *F, AstPos pos, const char *name, FrontValue v);
bool fe_read_name(Front *F, AstPos pos, const char *name, FrontValue *out);
/* A host value (a global, a constant argument, an attribute of a host object) as a
 * FrontValue. */
bool fe_from_host(Front *F, AstPos pos, Value v, FrontValue *out);
int fe_intrinsic_of(Front *F, Value v); /* TI_* or -1 */
/* Inline a call of Python function fn (a helper) with args already evaluated. */
bool fe_inline_call(Front *F, AstPos pos, Value fn, int argc, const FrontValue *argv, int nkw,
                    const char *const *kwnames, const FrontValue *kwv, FrontValue *out);
/* The FunctionDef of fn in its parsed source, or NULL after raising. */
AstStmt *fe_find_def(Front *F, Value fn, const char **filename);

/* ---- front_stmt.c */
bool fe_stmts(Front *F, const AstStmtList *body);

/* ---- front_expr.c */
bool fe_expr(Front *F, AstExpr *e, FrontValue *out);
bool fe_binop(Front *F, AstPos pos, int op, FrontValue a, FrontValue b, FrontValue *out);
bool fe_compare(Front *F, AstPos pos, int op, FrontValue a, FrontValue b, FrontValue *out);
bool fe_getattr(Front *F, AstPos pos, FrontValue obj, const char *name, FrontValue *out);
bool fe_truth_const(Front *F, FrontValue v, int *out); /* 1/0 when compile-time, -1 not */

/* ---- front_types.c */
FrontValue fv_int(int64_t i);
FrontValue fv_float(double f);
FrontValue fv_bool(bool b);
FrontValue fv_none(void);
FrontValue fv_tile(int value);
FrontValue fv_dtype(TileDType dt);
bool fv_is_number(const FrontValue *v);  /* a loosely typed constant: bool, int, float */
bool fv_is_runtime(const FrontValue *v); /* FV_TILE */
const char *fv_describe(Front *F, const FrontValue *v, char *buf, size_t n);
const TileType *fe_type(Front *F, int value);
/* A new op in the current region at the current position. */
TileOp *fe_op(Front *F, TileOpKind kind, int nops, const int *ops, const TileType *rt);
int fe_const(Front *F, TileDType dt, int rank, const int64_t *shape, TileScalar v);
int fe_const_int(Front *F, TileDType dt, int64_t i);
/* The dtype a loosely typed constant takes by itself (int32/int64/uint64, float32, bool). */
TileDType fe_default_dtype(const FrontValue *v);
/* Materialize v (a constant or a tile) as an IR value of dtype dt (a cast for tiles of
 * another dtype when explicit_cast; constants must fit). -1 after raising. */
int fe_materialize(Front *F, AstPos pos, FrontValue v, int dt, bool explicit_cast);
int fe_cast(Front *F, int value, TileDType dt);
/* cuTile's promotion of two operands' dtypes; -1 after raising TypeError. */
int fe_promote(Front *F, AstPos pos, const FrontValue *a, const FrontValue *b, bool force_float);
int fe_promote_dtypes(Front *F, AstPos pos, TileDType a, TileDType b);
/* NumPy broadcasting of two shapes; false after raising. */
bool fe_broadcast_shapes(Front *F, AstPos pos, const TileType *a, const TileType *b, TileType *out);
/* value broadcast (reshape + broadcast) to shape of t (dtype kept); -1 after raising. */
int fe_broadcast_to(Front *F, AstPos pos, int value, const TileType *t);
int fe_reshape(Front *F, int value, int rank, const int64_t *shape);
/* Two operands made one type (promotion, broadcasting): *ra, *rb value ids. */
bool fe_unify(Front *F, AstPos pos, FrontValue a, FrontValue b, bool force_float, int *ra, int *rb);
bool fe_dtype_arg(Front *F, AstPos pos, FrontValue v, const char *what, TileDType *out);
bool fe_int_const(Front *F, AstPos pos, FrontValue v, const char *what, int64_t *out);
bool fe_shape_arg(Front *F, AstPos pos, FrontValue v, const char *what, int *rank, int64_t *shape);
/* An int scalar run-time value (index arithmetic); -1 after raising. */
int fe_index_scalar(Front *F, AstPos pos, FrontValue v, const char *what);

/* ---- front_call.c */
typedef struct FrontArgs {
    int argc;
    FrontValue *argv;
    AstPos *argpos;
    int nkw;
    const char **kwnames;
    FrontValue *kwv;
    AstPos *kwpos;
} FrontArgs;
bool fe_call(Front *F, AstExpr *e, FrontValue *out);
bool fe_call_value(Front *F, AstPos pos, FrontValue fn, FrontArgs *a, FrontValue *out);
bool fe_call_intrinsic(Front *F, AstPos pos, int intr, FrontArgs *a, FrontValue *out);
bool fe_call_method(Front *F, AstPos pos, FrontValue self, const char *name, FrontArgs *a,
                    FrontValue *out);
/* Bind call arguments to parameter names (positional then keyword); missing ones FV_UNDEF
 * unless required (then TypeError). names: NULL-terminated; nreq: how many are required;
 * npos: how many may be given positionally. */
bool fe_bind_args(Front *F, AstPos pos, const char *fname, FrontArgs *a, const char *const *names,
                  int nreq, int npos, FrontValue *out);

/* ---- front_call_ops.c */
bool fe_call_op(Front *F, AstPos pos, int intr, FrontArgs *a, FrontValue *out);
/* ct.reduce / ct.scan with a combining function (a lambda or a helper): from the AST. */
bool fe_call_combiner(Front *F, AstExpr *call, int intr, FrontValue *out);
bool fe_elementwise_unary(Front *F, AstPos pos, TileUnop op, FrontValue x, FrontValue *out);
bool fe_elementwise_binary(Front *F, AstPos pos, TileBinop op, FrontValue a, FrontValue b,
                           FrontValue *out);
bool fe_elementwise_compare(Front *F, AstPos pos, TileCmpop op, FrontValue a, FrontValue b,
                            FrontValue *out);
bool fe_reduce(Front *F, AstPos pos, TileRedop op, bool arg, FrontValue x, FrontValue axis,
               bool keepdims, FrontValue *out);
bool fe_astype(Front *F, AstPos pos, FrontValue x, FrontValue dt, FrontValue *out);
bool fe_reshape_call(Front *F, AstPos pos, FrontValue x, FrontValue shape, FrontValue *out);
bool fe_permute_call(Front *F, AstPos pos, FrontValue x, FrontValue axes, FrontValue *out);
bool fe_matmul(Front *F, AstPos pos, FrontValue a, FrontValue b, FrontValue *out);

/* ---- front_call.c: argument helpers shared with front_view.c */
bool fe_order_arg(Front *F, AstPos pos, FrontValue v, int rank, int *perm);
bool fe_enum_arg(Front *F, AstPos pos, FrontValue v, int kind, const char *what, int dflt,
                 int *out);

/* ---- front_view.c: tiled views and array slices */
/* The array parameter behind an FV_ARRAY or FV_AVIEW (-1: neither). */
int fe_array_param(const FrontValue *v);
bool fe_array_slice(Front *F, AstPos pos, FrontValue array, FrontArgs *a, FrontValue *out);
bool fe_slice_getattr(Front *F, AstPos pos, FrontValue view, const char *name, FrontValue *out);
/* ct.load / ct.store / ct.num_tiles with an FV_AVIEW first (others: TypeError). */
bool fe_slice_call(Front *F, AstPos pos, int intr, FrontArgs *a, FrontValue *out);
bool fe_tiled_view_new(Front *F, AstPos pos, FrontValue array, FrontArgs *a, FrontValue *out);
bool fe_tiled_view_getattr(Front *F, AstPos pos, FrontValue tv, const char *name, FrontValue *out);
bool fe_tiled_view_call(Front *F, AstPos pos, FrontValue tv, const char *name, FrontArgs *a,
                        FrontValue *out);
/* An int64 tile of shape `shape` holding each element's coordinate along axis k. */
int fe_axis_coords(Front *F, AstPos pos, int rank, const int64_t *shape, int k);
/* The value a PaddingMode (TP_*) pads with, as a loosely typed constant. */
FrontValue fe_padding_value(int pad);

/* ---- front_advanced.c */
bool fe_ct_slice(Front *F, AstPos pos, FrontArgs *a, FrontValue *out);
bool fe_advanced_indexing(Front *F, AstPos pos, int intr, FrontArgs *a, FrontValue *out);
bool fe_pack_bytes(Front *F, AstPos pos, int intr, FrontArgs *a, FrontValue *out);
bool fe_grid_dependency(Front *F, AstPos pos, int intr, FrontArgs *a, FrontValue *out);

#endif
