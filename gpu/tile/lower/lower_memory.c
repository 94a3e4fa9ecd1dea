/* lower_memory.c: ct.load / ct.store of the exact variant (lower.h, KR_EXACT) as plain C.
 *
 * The exact variant's loads and stores were calls of the prelude's kr_load / kr_store
 * templates; NVRTC spent ~13 ms instantiating the first of each (a vector add compiled in
 * ~50 ms, NVRTC's floor being ~22 ms). Here the lowering writes the same accesses out
 * itself, every tile constant folded into the text: one test that the tile is inside the
 * array (the launch checked that the array's dims are multiples of the tile's extents, so
 * a tile is wholly inside or wholly outside), the tile's base pointer, then one unrolled
 * loop over this thread's chunks (vec: KR_V consecutive elements through one 1- to 16-byte
 * word, the launch having checked the unit last stride and the alignment) or slots, each
 * element's offset the sum of its coordinates times the array's strides. Same layout as the
 * prelude's (thread t's slot r holds element t * KR_V + kr_off(r)), so the values it makes
 * are those the templates made. */
#include <stdio.h>
#include <string.h>

#include "lower_internal.h"

enum { MEM_BUF = 512 };

/* the offset expression of element `e` (an unsigned) of tile t from the tile's base, tile
 * dim d times "ks<d>" (unit: the last dim has stride 1) */
static void elem_offset(const TileType *t, bool unit, char *out, size_t size) {
    size_t n = (size_t)snprintf(out, size, "0");
    int R = t->rank;
    for (int d = 0; d < R && n < size; d++) {
        long long st = 1;
        for (int k = d + 1; k < R; k++)
            st *= t->shape[k];
        char c[96];
        if (d == 0)
            snprintf(c, sizeof c, st == 1 ? "e" : "(e / %lluu)", (unsigned long long)st);
        else if (st == 1)
            snprintf(c, sizeof c, "(e %% %lluu)", (unsigned long long)t->shape[d]);
        else
            snprintf(c, sizeof c, "((e / %lluu) %% %lluu)", (unsigned long long)st,
                     (unsigned long long)t->shape[d]);
        if (unit && d == R - 1)
            n += (size_t)snprintf(out + n, size - n, " + (i64)%s", c);
        else
            n += (size_t)snprintf(out + n, size - n, " + (i64)%s * ks%d", c, d);
    }
}

/* the word type of one chunk of `bytes` (a power of two up to 16; larger chunks are whole
 * numbers of 16-byte words) */
static const char *word_type(int bytes) {
    return bytes == 1   ? "unsigned char"
           : bytes == 2 ? "unsigned short"
           : bytes == 4 ? "unsigned"
           : bytes == 8 ? "uint2"
                        : "uint4";
}

/* Opens "if (inside) {" and declares kb (the tile's first element) and ks<d>. */
static void open_tile(Lower *L, const TileOp *op, const TileType *t, bool vec, bool store) {
    const TileParam *p = &L->f->params[op->array];
    int R = t->rank;
    char test[MEM_BUF], off[MEM_BUF];
    size_t nt = 0, no = 0;
    test[0] = off[0] = 0;
    for (int d = 0; d < R; d++) {
        int ax = op->perm[d];
        nt += (size_t)snprintf(test + nt, sizeof test - nt,
                               "%sorg[%d] >= 0 && org[%d] < p.a%d.shape[%d]", d ? " && " : "", ax,
                               ax, op->array, ax);
        if (vec && ax == R - 1)
            no += (size_t)snprintf(off + no, sizeof off - no, "%sorg[%d]", d ? " + " : "", ax);
        else
            no += (size_t)snprintf(off + no, sizeof off - no, "%sorg[%d] * p.a%d.stride[%d]",
                                   d ? " + " : "", ax, op->array, ax);
    }
    lw_line(L, op, "if (%s) {", test);
    L->indent++;
    lw_line(L, op, "%s%s *kb = p.a%d.p + (%s);", store ? "" : "const ", lw_storage(p->dtype),
            op->array, off);
    for (int d = 0; d < R; d++)
        if (!(vec && op->perm[d] == R - 1))
            lw_line(L, op, "const i64 ks%d = p.a%d.stride[%d];", d, op->array, op->perm[d]);
}

/* The loop over this thread's chunks (vec) or slots, with e the first element's index and
 * the liveness test when the tile does not fill every thread's slots. */
static void open_loop(Lower *L, const TileOp *op, const TileType *t, bool vec) {
    int64_t n = lw_numel(t);
    int R = lw_slots(L, n), V = L->layout.v, NT = L->layout.nt;
    if (vec) {
        lw_line(L, op, "KR_FOR(c, %d) {", R / V);
        L->indent++;
        lw_line(L, op, "const unsigned e = threadIdx.x * %du + c * %du;", V, NT * V);
    } else {
        lw_line(L, op, "KR_FOR(r, %d) {", R);
        L->indent++;
        lw_line(L, op, "const unsigned e = threadIdx.x * %du + (r / %d) * %du + r %% %d;", V, V,
                NT * V, V);
    }
}

static bool full_tiles(const Lower *L, const TileType *t) {
    return lw_numel(t) % ((int64_t)L->layout.nt * L->layout.v) == 0;
}

/* "x" converted from storage type S to register type T (or the reverse) */
static void convert(const char *from, const char *to, bool load, const char *x, char *out,
                    size_t size) {
    if (strcmp(from, to) == 0)
        snprintf(out, size, "%s", x);
    else if (load)
        snprintf(out, size, "(%s)kr_ld(%s)", to, x);
    else
        snprintf(out, size, "kr_st<%s>(%s)", to, x);
}

/* What a load and a store open alike: the inside test, the tile's base, the loop over this
 * thread's chunks or slots and, unless every slot is an element, the slot's test; off gets
 * the element's offset expression. Returns whether the tile fills every slot. */
static bool open_access(Lower *L, const TileOp *op, const TileType *t, bool vec, bool store,
                        char *off, size_t size) {
    bool full = full_tiles(L, t);
    elem_offset(t, vec, off, size);
    open_tile(L, op, t, vec, store);
    open_loop(L, op, t, vec);
    if (!full) {
        lw_line(L, op, "if (e < %lldu) {", (long long)lw_numel(t));
        L->indent++;
    }
    return full;
}

void lw_exact_load(Lower *L, const TileOp *op, const TileType *t, bool vec, const char *pad) {
    const TileParam *p = &L->f->params[op->array];
    const char *S = lw_storage(p->dtype), *T = lw_reg(t->dtype);
    int V = L->layout.v, R = lw_slots(L, lw_numel(t)), esz = tile_dtype_size(p->dtype);
    char off[MEM_BUF], x[128];
    bool full = open_access(L, op, t, vec, false, off, sizeof off);
    if (vec) {
        int bytes = esz * V, words = bytes > 16 ? bytes / 16 : 1;
        const char *W = word_type(bytes > 16 ? 16 : bytes);
        lw_line(L, op, "const %s *q = kb + (%s);", S, off);
        lw_line(L, op, "union { %s w[%d]; %s s[%d]; } u;", W, words, S, V);
        lw_line(L, op, "KR_FOR(k, %d) u.w[k] = ((const %s *)q)[k];", words, W);
        convert(S, T, true, "u.s[j]", x, sizeof x);
        lw_line(L, op, "KR_FOR(j, %d) v%d[c * %d + j] = %s;", V, op->result, V, x);
    } else {
        convert(S, T, true, "kb[o]", x, sizeof x);
        lw_line(L, op, "const i64 o = %s;", off);
        lw_line(L, op, "v%d[r] = %s;", op->result, x);
    }
    if (!full) {
        L->indent--;
        if (vec)
            lw_line(L, op, "}");
        else
            lw_line(L, op, "} else v%d[r] = %s;", op->result, pad);
    }
    L->indent--;
    lw_line(L, op, "}");
    L->indent--;
    lw_line(L, op, "} else {");
    lw_line(L, op, "    KR_FOR(r, %d) v%d[r] = %s;", R, op->result, pad);
    lw_line(L, op, "}");
}

void lw_exact_store(Lower *L, const TileOp *op, const TileType *t, int tile, bool vec) {
    const TileParam *p = &L->f->params[op->array];
    const char *S = lw_storage(p->dtype), *T = lw_reg(t->dtype);
    int V = L->layout.v, esz = tile_dtype_size(p->dtype);
    char off[MEM_BUF], x[128], src[64];
    bool full = open_access(L, op, t, vec, true, off, sizeof off);
    if (vec) {
        int bytes = esz * V, words = bytes > 16 ? bytes / 16 : 1;
        const char *W = word_type(bytes > 16 ? 16 : bytes);
        snprintf(src, sizeof src, "v%d[c * %d + j]", tile, V);
        convert(T, S, false, src, x, sizeof x);
        lw_line(L, op, "%s *q = kb + (%s);", S, off);
        lw_line(L, op, "union { %s w[%d]; %s s[%d]; } u;", W, words, S, V);
        lw_line(L, op, "KR_FOR(j, %d) u.s[j] = %s;", V, x);
        lw_line(L, op, "KR_FOR(k, %d) ((%s *)q)[k] = u.w[k];", words, W);
    } else {
        snprintf(src, sizeof src, "v%d[r]", tile);
        convert(T, S, false, src, x, sizeof x);
        lw_line(L, op, "kb[%s] = %s;", off, x);
    }
    if (!full) {
        L->indent--;
        lw_line(L, op, "}");
    }
    L->indent--;
    lw_line(L, op, "}");
    L->indent--;
    lw_line(L, op, "}");
}
