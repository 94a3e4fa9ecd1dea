/* front.h: the tile compiler's front half: a kernel's Python function -> a verified TileFunc
 * (gpu/tile/ir.h) for one specialization.
 *
 * The front reads the kernel's source (Code.source, found by Code.firstlineno), parses it
 * with krait's own parser, and walks the FunctionDef as an abstract interpreter: names
 * resolve through the function's globals at compile time (the `ct` alias, helper functions,
 * which are inlined, global constants), compile-time values (ints, floats, tuples, dtypes,
 * ct.Constant parameters) are folded, and everything else becomes IR ops with types
 * inferred by cuTile's rules. A construct outside the tile subset raises TypeError or
 * SyntaxError with "file:line: message" at the first launch.
 *
 * The caller (stdlib's `tile` module, the Kernel object) owns a TileSources per kernel, so
 * the source is parsed once however many specializations follow. */
#ifndef KRAIT_TILE_FRONT_H
#define KRAIT_TILE_FRONT_H

#include "../../../vm/interp.h"
#include "../ir.h"

/* Parsed sources, one per distinct Code.source met (the kernel's file, helpers' files). */
typedef struct TileSourceFile {
    Str *source; /* the key; kept alive by tile_sources_trace */
    AstArena arena;
    struct AstModule *mod;
} TileSourceFile;
typedef struct TileSources {
    TileSourceFile *files;
    int nfiles, cap;
} TileSources;
void tile_sources_trace(Interp *I, TileSources *s); /* marks the source strings */
void tile_sources_free(Interp *I, TileSources *s);

/* What the host side tells the front. */
typedef struct TileFrontHost {
    Module *tile_module; /* stdlib/py/tile.py: the intrinsics are recognised by identity */
    /* A dtype object of another module (gpu/numpy's dtypes) as a TileDType, or -1 (no
     * exception) when v is not one. */
    int (*foreign_dtype)(Interp *I, Value v);
} TileFrontHost;

/* The kernel's parameters, as its def declares them. */
typedef struct TileSignature {
    int nparams;
    const char *names[64];
    bool constant[64]; /* annotated ct.Constant / ct.Constant[...] */
    bool int64[64];    /* annotated ct.ScalarInt64 */
} TileSignature;

/* One launch argument's kind, which is what a specialization depends on. */
typedef enum TileArgKind { TILE_ARG_ARRAY, TILE_ARG_SCALAR, TILE_ARG_CONSTANT } TileArgKind;
typedef struct TileArgSpec {
    TileArgKind kind;
    TileDType dtype; /* arrays: element dtype; scalars: the scalar's dtype */
    int rank;        /* arrays */
    Value constant;  /* TILE_ARG_CONSTANT: the Python value, folded into the body */
} TileArgSpec;

/* The signature of kernel function fn (a Function). -1 after raising (no source, a def that
 * cannot be a kernel: *args, **kwargs, more than 64 parameters). */
int tile_front_signature(Interp *I, const TileFrontHost *host, TileSources *src, Value fn,
                         TileSignature *sig);

/* The IR of fn specialized for args (one per parameter, in order). NULL after raising
 * TypeError/SyntaxError naming the script's file and line, or MemoryError. The result is
 * verified (tile_ir_verify) and owned by the caller (tile_func_free). */
TileFunc *tile_front_build(Interp *I, const TileFrontHost *host, TileSources *src, Value fn,
                           const TileArgSpec *args, int nargs, const TileHints *hints);

#endif
