/* tile_ir_test.c: the tile IR (gpu/tile/ir.h) on its own: construction, the verifier and the
 * printer, with no interpreter. Each case builds a small function the way the front does
 * (vector add; a loop accumulating into a slot; a custom reduction) and checks that the
 * verifier accepts it and the printer shows it; then it breaks one invariant at a time and
 * checks the verifier names it. Exit status 0 when every check passed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../gpu/tile/ir.h"
#include "../../gpu/tile/passes/passes.h"
#include "../tile_test_support.h"

typedef struct Test {
    int failures, checks;
} Test;

#define CHECK(t, cond, ...)                                                                        \
    do {                                                                                           \
        (t)->checks++;                                                                             \
        if (!(cond)) {                                                                             \
            (t)->failures++;                                                                       \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                            \
            printf(__VA_ARGS__);                                                                   \
            printf("\n");                                                                          \
        }                                                                                          \
    } while (0)

static void print_func(const TileFunc *f, Text *t) {
    t->len = 0;
    t->buf[0] = 0;
    tile_ir_print(f, text_write, t);
}

static int verify(const TileFunc *f, char *err, size_t n) {
    return tile_ir_verify(f, err, n);
}

/* vadd: c[i] = a[i] + b[i] over tiles of 1024 */
static TileFunc *build_vadd(TileOp **add_out) {
    TileFunc *f = tile_func_new(test_alloc, NULL, "vadd", "vadd.py", 3);
    int pa = tile_param_add(f, "a", TILE_PARAM_ARRAY, TDT_FLOAT32, 1, 0);
    int pb = tile_param_add(f, "b", TILE_PARAM_ARRAY, TDT_FLOAT32, 1, 1);
    int pc = tile_param_add(f, "c", TILE_PARAM_ARRAY, TDT_FLOAT32, 1, 2);
    TileType i32 = tile_type_scalar(TDT_INT32);
    int64_t shape[1] = {1024};
    TileType t = tile_type_make(TDT_FLOAT32, 1, shape);
    TileOp *bid = tile_op_new(f, &f->body, TOP_BID, 0, NULL, &i32, 5, 8);
    bid->axis = 0;
    TileOp *x = tile_op_new(f, &f->body, TOP_LOAD, 1, &bid->result, &t, 6, 8);
    x->array = pa;
    TileOp *y = tile_op_new(f, &f->body, TOP_LOAD, 1, &bid->result, &t, 7, 8);
    y->array = pb;
    y->padding = TP_ZERO;
    int xy[2] = {x->result, y->result};
    TileOp *add = tile_op_new(f, &f->body, TOP_BINARY, 2, xy, &t, 8, 33);
    add->sub = TB_ADD;
    int st[2] = {bid->result, add->result};
    TileOp *s = tile_op_new(f, &f->body, TOP_STORE, 2, st, NULL, 8, 4);
    s->array = pc;
    if (add_out) *add_out = add;
    return f;
}

static void test_vadd(Test *t) {
    TileOp *add;
    TileFunc *f = build_vadd(&add);
    char err[256];
    CHECK(t, f && !f->failed, "vadd built");
    CHECK(t, verify(f, err, sizeof err) == 0, "vadd verifies: %s", err);
    Text out;
    print_func(f, &out);
    CHECK(t,
          strstr(out.buf, "kernel vadd(a: array<float32,1>, b: array<float32,1>, c: "
                          "array<float32,1>)  # vadd.py:3\n") != NULL,
          "header: %s", out.buf);
    CHECK(t, strstr(out.buf, "  %0 = bid axis=0 : int32  # 5:8\n") != NULL, "bid: %s", out.buf);
    CHECK(t, strstr(out.buf, "%2 = load b[%0] padding=zero : tile<1024xfloat32>  # 7:8\n"),
          "load: %s", out.buf);
    CHECK(t, strstr(out.buf, "%3 = binary add %1, %2 : tile<1024xfloat32>  # 8:33\n"), "add: %s",
          out.buf);
    CHECK(t, strstr(out.buf, "  store c[%0] = %3  # 8:4\n"), "store: %s", out.buf);

    /* an operand of another shape */
    int64_t shape[1] = {512};
    f->values[add->operands[1]].type = tile_type_make(TDT_FLOAT32, 1, shape);
    CHECK(t, verify(f, err, sizeof err) < 0 && strstr(err, "binary at line 8"), "shape: %s", err);
    tile_func_free(f);

    /* a store into a scalar parameter */
    f = build_vadd(&add);
    int ps = tile_param_add(f, "n", TILE_PARAM_SCALAR, TDT_INT32, 0, 3);
    f->body.last->array = ps;
    CHECK(t, verify(f, err, sizeof err) < 0 && strstr(err, "not an array parameter"), "%s", err);
    tile_func_free(f);

    /* a value used before its definition */
    f = build_vadd(&add);
    TileOp *first = f->body.first;
    f->body.first = first->next; /* unlink bid: the loads use %0 undefined */
    CHECK(t, verify(f, err, sizeof err) < 0 && strstr(err, "not visible"), "%s", err);
    f->body.first = first;
    tile_func_free(f);
}

/* acc = zeros; for k in range(0, n, 1): acc = acc + load(a, k); store(c, 0, acc) */
static void test_loop(Test *t) {
    TileFunc *f = tile_func_new(test_alloc, NULL, "loop", "loop.py", 1);
    int pa = tile_param_add(f, "a", TILE_PARAM_ARRAY, TDT_FLOAT16, 2, 0);
    int pn = tile_param_add(f, "n", TILE_PARAM_SCALAR, TDT_INT32, 0, 1);
    TileType i32 = tile_type_scalar(TDT_INT32);
    int64_t shape[2] = {16, 16};
    TileType h = tile_type_make(TDT_FLOAT16, 2, shape);
    TileType fl = tile_type_make(TDT_FLOAT32, 2, shape);
    int acc = tile_var_add(f, "acc", fl);
    int k = tile_var_add(f, "k", i32);
    TileOp *n = tile_op_new(f, &f->body, TOP_PARAM, 0, NULL, &i32, 1, 0);
    n->param = pn;
    TileOp *zero = tile_op_new(f, &f->body, TOP_CONST, 0, NULL, &fl, 2, 10);
    zero->value.f = 0.0;
    TileOp *w = tile_op_new(f, &f->body, TOP_VAR_WRITE, 1, &zero->result, NULL, 2, 4);
    w->var = acc;
    TileOp *lo = tile_op_new(f, &f->body, TOP_CONST, 0, NULL, &i32, 3, 13);
    TileOp *one = tile_op_new(f, &f->body, TOP_CONST, 0, NULL, &i32, 3, 13);
    one->value.i = 1;
    int bounds[3] = {lo->result, n->result, one->result};
    TileOp *loop = tile_op_new(f, &f->body, TOP_FOR, 3, bounds, NULL, 3, 4);
    loop->var = k;
    TileRegion *body = &loop->regions[0];
    TileOp *kv = tile_op_new(f, body, TOP_VAR_READ, 0, NULL, &i32, 4, 20);
    kv->var = k;
    int idx[2] = {kv->result, lo->result};
    TileOp *x = tile_op_new(f, body, TOP_LOAD, 2, idx, &h, 4, 12);
    x->array = pa;
    x->perm[0] = 1;
    x->perm[1] = 0;
    TileOp *xf = tile_op_new(f, body, TOP_CAST, 1, &x->result, &fl, 4, 12);
    TileOp *av = tile_op_new(f, body, TOP_VAR_READ, 0, NULL, &fl, 5, 14);
    av->var = acc;
    int ops[2] = {av->result, xf->result};
    TileOp *sum = tile_op_new(f, body, TOP_BINARY, 2, ops, &fl, 5, 14);
    sum->sub = TB_ADD;
    TileOp *w2 = tile_op_new(f, body, TOP_VAR_WRITE, 1, &sum->result, NULL, 5, 8);
    w2->var = acc;
    char err[256];
    CHECK(t, verify(f, err, sizeof err) == 0, "loop verifies: %s", err);
    Text out;
    print_func(f, &out);
    CHECK(t, strstr(out.buf, "  var v0 acc : tile<16x16xfloat32>\n"), "%s", out.buf);
    CHECK(t, strstr(out.buf, "  for v1 in range(%2, %0, %3)  # 3:4\n    %4 = var_read v1"), "%s",
          out.buf);
    CHECK(t, strstr(out.buf, "load a[%4, %2] order=(1,0) padding=undetermined"), "%s", out.buf);
    CHECK(t, strstr(out.buf, "\n  end\n"), "%s", out.buf);

    /* a value defined inside the loop used after it */
    TileOp *after = tile_op_new(f, &f->body, TOP_VAR_WRITE, 1, &sum->result, NULL, 7, 4);
    after->var = acc;
    CHECK(t, verify(f, err, sizeof err) < 0 && strstr(err, "not visible"), "%s", err);
    /* fixed: a write of another type into the slot */
    after->operands[0] = n->result;
    CHECK(t, verify(f, err, sizeof err) < 0 && strstr(err, "slot v0"), "%s", err);
    tile_func_free(f);
}

/* r = ct.reduce(x, 0, lambda a, b: a * b, 1) on an int32 tile of 8 */
static void test_custom_reduce(Test *t) {
    TileFunc *f = tile_func_new(test_alloc, NULL, "red", "red.py", 1);
    int64_t shape[1] = {8};
    TileType v = tile_type_make(TDT_INT32, 1, shape);
    TileType s = tile_type_scalar(TDT_INT32);
    TileOp *x = tile_op_new(f, &f->body, TOP_IOTA, 0, NULL, &v, 2, 8);
    x->value.i = 1;
    TileOp *id = tile_op_new(f, &f->body, TOP_CONST, 0, NULL, &s, 3, 8);
    id->value.i = 1;
    int a = tile_var_add(f, "a", s), b = tile_var_add(f, "b", s);
    int ops[2] = {x->result, id->result};
    TileOp *r = tile_op_new(f, &f->body, TOP_REDUCE, 2, ops, &s, 3, 8);
    r->sub = TR_CUSTOM;
    r->axis = 0;
    r->vars2[0] = a;
    r->vars2[1] = b;
    TileOp *ra = tile_op_new(f, &r->regions[0], TOP_VAR_READ, 0, NULL, &s, 3, 30);
    ra->var = a;
    TileOp *rb = tile_op_new(f, &r->regions[0], TOP_VAR_READ, 0, NULL, &s, 3, 34);
    rb->var = b;
    int ab[2] = {ra->result, rb->result};
    TileOp *m = tile_op_new(f, &r->regions[0], TOP_BINARY, 2, ab, &s, 3, 30);
    m->sub = TB_MUL;
    char err[256];
    CHECK(t, verify(f, err, sizeof err) < 0 && strstr(err, "yield"), "no yield: %s", err);
    tile_op_new(f, &r->regions[0], TOP_YIELD, 1, &m->result, NULL, 3, 30);
    CHECK(t, verify(f, err, sizeof err) == 0, "reduce verifies: %s", err);
    Text out;
    print_func(f, &out);
    CHECK(t, strstr(out.buf, "reduce custom %0, %1 axis=0 args=(v0, v1) : int32"), "%s", out.buf);
    CHECK(t, strstr(out.buf, "    yield %5  # 3:30\n  end\n"), "%s", out.buf);
    /* keepdims promised but the result has rank 0 */
    r->keepdims = true;
    CHECK(t, verify(f, err, sizeof err) < 0, "keepdims rank");
    tile_func_free(f);
}

static void test_tables(Test *t) {
    CHECK(t, tile_dtype_from_name("bfloat16") == TDT_BFLOAT16, "bfloat16");
    CHECK(t, tile_dtype_from_name("bool_") == TDT_BOOL, "bool_");
    CHECK(t, tile_dtype_from_name("complex64") == -1, "unknown");
    CHECK(t, tile_dtype_size(TDT_FLOAT8_E5M2) == 1 && tile_dtype_size(TDT_UINT64) == 8, "sizes");
    CHECK(t, strcmp(tile_op_name(TOP_ATOMIC_CAS), "atomic_cas") == 0, "op name");
    CHECK(t, strcmp(tile_binop_name(TB_CDIV), "cdiv") == 0, "binop name");
    int64_t shape[3] = {2, 3, 4};
    TileType ty = tile_type_make(TDT_BFLOAT16, 3, shape);
    char buf[64];
    CHECK(t, strcmp(tile_type_format(&ty, buf, sizeof buf), "tile<2x3x4xbfloat16>") == 0, "%s",
          buf);
    CHECK(t, tile_type_numel(&ty) == 24, "numel");
}

/* fold: broadcast of a splat constant becomes a constant; dce: unused pure ops go, stores
 * and the values they need stay, also inside a loop's body. */
static void test_passes(Test *t) {
    TileOp *add;
    TileFunc *f = build_vadd(&add);
    int64_t shape[1] = {1024};
    TileType tt = tile_type_make(TDT_FLOAT32, 1, shape), s = tile_type_scalar(TDT_FLOAT32);
    TileType i32 = tile_type_scalar(TDT_INT32);
    /* c2 = broadcast(2.0); dead = c2 * c2 (unused); a store of add + c2 */
    TileOp *two = tile_op_new(f, &f->body, TOP_CONST, 0, NULL, &s, 9, 1);
    two->value.f = 2.0;
    TileOp *b = tile_op_new(f, &f->body, TOP_BROADCAST, 1, &two->result, &tt, 9, 2);
    int sq[2] = {b->result, b->result};
    TileOp *dead = tile_op_new(f, &f->body, TOP_BINARY, 2, sq, &tt, 9, 3);
    dead->sub = TB_MUL;
    int ab[2] = {add->result, b->result};
    TileOp *sum = tile_op_new(f, &f->body, TOP_BINARY, 2, ab, &tt, 10, 1);
    sum->sub = TB_ADD;
    TileOp *bid = f->body.first;
    int st[2] = {bid->result, sum->result};
    TileOp *store = tile_op_new(f, &f->body, TOP_STORE, 2, st, NULL, 10, 2);
    store->array = 2;
    /* a loop whose body only loads (dead) and reads its counter (dead) */
    TileOp *lo = tile_op_new(f, &f->body, TOP_CONST, 0, NULL, &i32, 11, 1);
    int bounds[3] = {lo->result, lo->result, lo->result};
    int islot = tile_var_add(f, "i", i32);
    TileOp *loop = tile_op_new(f, &f->body, TOP_FOR, 3, bounds, NULL, 11, 2);
    loop->var = islot;
    TileOp *rd = tile_op_new(f, &loop->regions[0], TOP_VAR_READ, 0, NULL, &i32, 12, 1);
    rd->var = islot;
    TileOp *ld = tile_op_new(f, &loop->regions[0], TOP_LOAD, 1, &rd->result, &tt, 12, 2);
    ld->array = 0;
    char err[256];
    CHECK(t, tile_ir_verify(f, err, sizeof err) == 0, "before: %s", err);
    CHECK(t, tile_pass_fold(f) == 1, "one broadcast folded");
    CHECK(t, b->kind == TOP_CONST && b->value.f == 2.0 && b->noperands == 0, "folded const");
    int removed = tile_pass_dce(f);
    CHECK(t, tile_ir_verify(f, err, sizeof err) == 0, "after: %s", err);
    Text out;
    print_func(f, &out);
    CHECK(t, removed == 4, "removed %d (the mul, the scalar 2.0, the loop's read and load)",
          removed);
    CHECK(t, strstr(out.buf, "binary mul") == NULL, "dead mul gone: %s", out.buf);
    CHECK(t, strstr(out.buf, "const 2 : tile<1024xfloat32>"), "folded: %s", out.buf);
    CHECK(t,
          strstr(out.buf, "store c[%0] = %3") && strstr(out.buf, "store c[%0] = %") &&
              strstr(out.buf, "for v0 in range"),
          "stores and loop stay: %s", out.buf);
    char dead_load[32];
    snprintf(dead_load, sizeof dead_load, "load a[%%%d]", rd->result);
    CHECK(t, strstr(out.buf, "var_read") == NULL && strstr(out.buf, dead_load) == NULL,
          "loop body emptied (%s): %s", dead_load, out.buf);
    CHECK(t, loop->regions[0].first == NULL && loop->regions[0].last == NULL, "empty region");
    tile_func_free(f);
}

int main(void) {
    Test t = {0, 0};
    test_tables(&t);
    test_vadd(&t);
    test_loop(&t);
    test_custom_reduce(&t);
    test_passes(&t);
    printf("tile_ir: %d checks, %d failures\n", t.checks, t.failures);
    return t.failures ? 1 : 0;
}
