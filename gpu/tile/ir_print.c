/* ir_print.c: the tile IR as text (tile_ir_print), one op per line, regions indented.
 *
 *   kernel vadd(a: array<float32,1>, b: array<float32,1>, c: array<float32,1>)  # t.py:4
 *     %0 = bid axis=0 : int32  # 5:8
 *     %1 = load a[%0] padding=undetermined : tile<1024xfloat32>  # 6:8
 *
 * Only the attributes an op uses are shown, so the text is the op list's contract in
 * ir.h made visible; tests compare it, and KRAIT_TILE_DUMP shows it. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ir.h"

typedef struct TilePrinter {
    const TileFunc *f;
    TileWriteFn write;
    void *ud;
} TilePrinter;

static void tp_text(TilePrinter *p, const char *s) {
    p->write(p->ud, s, strlen(s));
}

static void tp_printf(TilePrinter *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void tp_printf(TilePrinter *p, const char *fmt, ...) {
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    p->write(p->ud, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

static void tp_indent(TilePrinter *p, int depth) {
    for (int i = 0; i < depth; i++)
        tp_text(p, "  ");
}

static void tp_scalar(TilePrinter *p, TileScalar v, TileDType dt) {
    switch (tile_dtype_kind(dt)) {
    case 'b': tp_text(p, v.i ? "true" : "false"); break;
    case 'u': tp_printf(p, "%" PRIu64, v.u); break;
    case 'f': tp_printf(p, "%.17g", v.f); break;
    default: tp_printf(p, "%" PRId64, v.i); break;
    }
}

static void tp_operands(TilePrinter *p, const TileOp *op, int from, int to) {
    for (int i = from; i < to && i < op->noperands; i++)
        tp_printf(p, "%s%%%d", i > from ? ", " : "", op->operands[i]);
}

static const char *tp_array_name(TilePrinter *p, int array) {
    if (array < 0 || array >= p->f->nparams) return "?";
    return p->f->params[array].name;
}

static void tp_perm(TilePrinter *p, const TileOp *op, int rank) {
    bool identity = true;
    for (int i = 0; i < rank; i++)
        if (op->perm[i] != i) identity = false;
    if (identity) return;
    tp_text(p, " order=(");
    for (int i = 0; i < rank; i++)
        tp_printf(p, "%s%d", i ? "," : "", op->perm[i]);
    tp_text(p, ")");
}

static int tp_array_rank(TilePrinter *p, int array) {
    return array >= 0 && array < p->f->nparams ? p->f->params[array].rank : 0;
}

static void tp_memory_attrs(TilePrinter *p, const TileOp *op) {
    if (!op->check_bounds) tp_text(p, " unchecked");
    if (op->memorder != TMO_WEAK) tp_printf(p, " order=%s", tile_memorder_name(op->memorder));
    if (op->memscope != TMS_NONE) tp_printf(p, " scope=%s", tile_memscope_name(op->memscope));
    if (op->latency) tp_printf(p, " latency=%d", op->latency);
    if (op->allow_tma >= 0) tp_printf(p, " allow_tma=%d", op->allow_tma);
}

static void tp_region(TilePrinter *p, const TileRegion *r, int depth);

static void tp_op(TilePrinter *p, const TileOp *op, int depth) {
    const TileFunc *f = p->f;
    tp_indent(p, depth);
    if (op->result >= 0) tp_printf(p, "%%%d = ", op->result);
    tp_text(p, tile_op_name(op->kind));
    int rank = tp_array_rank(p, op->array);
    switch (op->kind) {
    case TOP_PARAM:
        tp_printf(p, " %s",
                  op->param >= 0 && op->param < f->nparams ? f->params[op->param].name : "?");
        break;
    case TOP_CONST:
        tp_text(p, " ");
        if (op->result >= 0) tp_scalar(p, op->value, f->values[op->result].type.dtype);
        break;
    case TOP_IOTA:
        tp_text(p, " start=");
        if (op->result >= 0) tp_scalar(p, op->value, f->values[op->result].type.dtype);
        tp_printf(p, " step=%" PRId64, op->step);
        break;
    case TOP_BID:
    case TOP_NUM_BLOCKS: tp_printf(p, " axis=%d", op->axis); break;
    case TOP_ARRAY_DIM:
    case TOP_ARRAY_STRIDE:
        tp_printf(p, " %s axis=%d", tp_array_name(p, op->array), op->axis);
        break;
    case TOP_LOAD:
        tp_printf(p, " %s[", tp_array_name(p, op->array));
        tp_operands(p, op, 0, op->noperands);
        tp_text(p, "]");
        tp_perm(p, op, rank);
        tp_printf(p, " padding=%s", tile_padding_name(op->padding));
        if (op->view) tp_printf(p, " view=0x%x", op->view);
        tp_memory_attrs(p, op);
        break;
    case TOP_STORE:
        tp_printf(p, " %s[", tp_array_name(p, op->array));
        tp_operands(p, op, 0, op->noperands - 1);
        tp_text(p, "] = ");
        tp_operands(p, op, op->noperands - 1, op->noperands);
        tp_perm(p, op, rank);
        if (op->view) tp_printf(p, " view=0x%x", op->view);
        tp_memory_attrs(p, op);
        break;
    case TOP_GATHER:
    case TOP_SCATTER:
    case TOP_ATOMIC_RMW:
    case TOP_ATOMIC_CAS:
        if (op->kind == TOP_ATOMIC_RMW) tp_printf(p, " %s", tile_redop_name(op->sub));
        tp_printf(p, " %s[", tp_array_name(p, op->array));
        tp_operands(p, op, 0, rank);
        tp_text(p, "]");
        if (op->noperands > rank) {
            tp_text(p, " ");
            tp_operands(p, op, rank, op->noperands);
        }
        if (op->has_mask) tp_text(p, " masked");
        tp_memory_attrs(p, op);
        break;
    case TOP_UNARY:
    case TOP_BINARY:
    case TOP_COMPARE:
        tp_printf(p, " %s ",
                  op->kind == TOP_UNARY    ? tile_unop_name(op->sub)
                  : op->kind == TOP_BINARY ? tile_binop_name(op->sub)
                                           : tile_cmpop_name(op->sub));
        tp_operands(p, op, 0, op->noperands);
        break;
    case TOP_PERMUTE: {
        tp_text(p, " ");
        tp_operands(p, op, 0, op->noperands);
        int r = op->result >= 0 ? f->values[op->result].type.rank : 0;
        tp_text(p, " perm=(");
        for (int i = 0; i < r; i++)
            tp_printf(p, "%s%d", i ? "," : "", op->perm[i]);
        tp_text(p, ")");
        break;
    }
    case TOP_CAT:
        tp_text(p, " ");
        tp_operands(p, op, 0, op->noperands);
        tp_printf(p, " axis=%d", op->axis);
        break;
    case TOP_REDUCE:
    case TOP_ARGREDUCE:
    case TOP_SCAN:
        tp_printf(p, " %s ", tile_redop_name(op->sub));
        tp_operands(p, op, 0, op->noperands);
        tp_printf(p, " axis=%d", op->axis);
        if (op->keepdims) tp_text(p, " keepdims");
        if (op->reverse) tp_text(p, " reverse");
        if (op->ncomp > 0) {
            tp_printf(p, " component=%d/%d args=(", op->comp, op->ncomp);
            for (int i = 0; i < 2 * op->ncomp; i++)
                tp_printf(p, "%sv%d", i ? ", " : "", op->cslots[i]);
            tp_text(p, ")");
        } else if (op->sub == TR_CUSTOM) {
            tp_printf(p, " args=(v%d, v%d)", op->vars2[0], op->vars2[1]);
        }
        break;
    case TOP_PRINTF:
    case TOP_ASSERT:
        tp_text(p, " \"");
        for (const char *s = op->text ? op->text : ""; *s; s++) {
            if (*s == '\n')
                tp_text(p, "\\n");
            else if (*s == '"' || *s == '\\')
                tp_printf(p, "\\%c", *s);
            else
                p->write(p->ud, s, 1);
        }
        tp_text(p, "\"");
        if (op->noperands) tp_text(p, " ");
        tp_operands(p, op, 0, op->noperands);
        break;
    case TOP_ASSUME:
        tp_text(p, " ");
        tp_operands(p, op, 0, op->noperands);
        tp_printf(p, " divisible_by=%" PRId64, op->divisor);
        break;
    case TOP_VAR_READ: tp_printf(p, " v%d", op->var); break;
    case TOP_VAR_WRITE:
        tp_printf(p, " v%d = ", op->var);
        tp_operands(p, op, 0, op->noperands);
        break;
    case TOP_FOR:
        tp_printf(p, " v%d in range(", op->var);
        tp_operands(p, op, 0, op->noperands);
        tp_text(p, ")");
        break;
    default:
        if (op->noperands) tp_text(p, " ");
        tp_operands(p, op, 0, op->noperands);
        break;
    }
    if (op->result >= 0) {
        char buf[160];
        tp_printf(p, " : %s", tile_type_format(&f->values[op->result].type, buf, sizeof buf));
    }
    tp_printf(p, "  # %d:%d\n", op->line, op->col);
    switch (op->kind) {
    case TOP_FOR: tp_region(p, &op->regions[0], depth + 1); break;
    case TOP_IF:
        tp_region(p, &op->regions[0], depth + 1);
        if (op->regions[1].first) {
            tp_indent(p, depth);
            tp_text(p, "else\n");
            tp_region(p, &op->regions[1], depth + 1);
        }
        break;
    case TOP_WHILE:
        tp_region(p, &op->regions[0], depth + 1);
        tp_indent(p, depth);
        tp_text(p, "do\n");
        tp_region(p, &op->regions[1], depth + 1);
        break;
    case TOP_REDUCE:
    case TOP_SCAN:
        if (op->sub == TR_CUSTOM) tp_region(p, &op->regions[0], depth + 1);
        break;
    default: break;
    }
    if (op->kind == TOP_FOR || op->kind == TOP_IF || op->kind == TOP_WHILE ||
        ((op->kind == TOP_REDUCE || op->kind == TOP_SCAN) && op->sub == TR_CUSTOM)) {
        tp_indent(p, depth);
        tp_text(p, "end\n");
    }
}

static void tp_region(TilePrinter *p, const TileRegion *r, int depth) {
    for (const TileOp *op = r->first; op; op = op->next)
        tp_op(p, op, depth);
}

void tile_ir_print(const TileFunc *f, TileWriteFn write, void *ud) {
    TilePrinter p = {f, write, ud};
    tp_printf(&p, "kernel %s(", f->name);
    for (int i = 0; i < f->nparams; i++) {
        const TileParam *pa = &f->params[i];
        if (pa->kind == TILE_PARAM_ARRAY)
            tp_printf(&p, "%s%s: array<%s,%d>", i ? ", " : "", pa->name, tile_dtype_name(pa->dtype),
                      pa->rank);
        else
            tp_printf(&p, "%s%s: %s", i ? ", " : "", pa->name, tile_dtype_name(pa->dtype));
    }
    tp_printf(&p, ")  # %s:%d\n", f->filename, f->line);
    for (int i = 0; i < f->nvars; i++) {
        char buf[160];
        tp_printf(&p, "  var v%d %s : %s\n", i, f->vars[i].name ? f->vars[i].name : "",
                  tile_type_format(&f->vars[i].type, buf, sizeof buf));
    }
    tp_region(&p, &f->body, 1);
}
