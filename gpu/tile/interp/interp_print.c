/* interp_print.c: PRINTF -- ct.printf and ct.print (which the front turns into a PRINTF).
 *
 * The format is C's, already checked by the front: literal text, %%, and one conversion
 * per operand. A scalar operand prints with its conversion; a tile prints as cuTile's
 * device printf does, [e0, e1, ...] nested per axis, each element with the conversion.
 * Length modifiers in the format (%lld, %lf) are accepted and replaced by the ones the
 * value's C type needs, so a format written for the GPU prints the same here. The text of
 * one PRINTF is built whole and handed to the host's write callback once, so output from
 * the kernel interleaves correctly with the script's own print(). */
#include <stdarg.h>
#include <stdio.h>

#include "interp_internal.h"

typedef struct TiText {
    TileExec *ex;
    char *buf;
    size_t len, cap;
    bool nomem;
} TiText;

static void text_add(TiText *t, const char *s, size_t n) {
    if (t->nomem) return;
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 256;
        while (cap < t->len + n + 1)
            cap *= 2;
        char *nb = t->ex->env->alloc(t->ex->env->alloc_ud, t->buf, t->cap, cap);
        if (!nb) {
            t->nomem = true;
            return;
        }
        t->buf = nb;
        t->cap = cap;
    }
    memcpy(t->buf + t->len, s, n);
    t->len += n;
}

static void text_fmt(TiText *t, const char *fmt, ...) {
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    text_add(t, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

/* One element with a conversion: flags/width/precision in spec (no length), conv the
 * conversion character. */
static void print_element(TiText *t, const char *spec, char conv, TileDType dt, const char *p) {
    char f[64];
    bool float_conv = strchr("eEfFgGaA", conv) != NULL;
    if (tile_dtype_is_float(dt) || float_conv) {
        double v = 0;
        ti_to_f64(dt, p, 1, &v);
        if (float_conv) {
            snprintf(f, sizeof f, "%%%s%c", spec, conv);
            text_fmt(t, f, v);
        } else {
            snprintf(f, sizeof f, "%%%sll%c", spec, conv == 'u' ? 'u' : conv);
            text_fmt(t, f, (long long)v);
        }
        return;
    }
    int64_t v = ti_read_int(dt, p);
    if (strchr("uxXo", conv)) {
        uint64_t u = (uint64_t)v;
        int bits = ti_esize(dt) * 8;
        if (bits < 64) u &= (UINT64_C(1) << bits) - 1;
        snprintf(f, sizeof f, "%%%sll%c", spec, conv);
        text_fmt(t, f, (unsigned long long)u);
    } else if (conv == 'c') {
        snprintf(f, sizeof f, "%%%sc", spec);
        text_fmt(t, f, (int)v);
    } else {
        snprintf(f, sizeof f, "%%%sll%c", spec, conv == 'i' ? 'd' : conv);
        text_fmt(t, f, (long long)v);
    }
}

static void print_tile(TiText *t, const char *spec, char conv, const TileType *tt, const char *p,
                       int axis, int64_t offset, const int64_t *strides) {
    if (axis == tt->rank) {
        print_element(t, spec, conv, tt->dtype, p + offset * ti_esize(tt->dtype));
        return;
    }
    text_add(t, "[", 1);
    for (int64_t i = 0; i < tt->shape[axis]; i++) {
        if (i) text_add(t, ", ", 2);
        print_tile(t, spec, conv, tt, p, axis + 1, offset + i * strides[axis], strides);
    }
    text_add(t, "]", 1);
}

TiFlow ti_op_printf(TileExec *ex, const TileOp *op) {
    TiText t = {ex, NULL, 0, 0, false};
    const char *s = op->text ? op->text : "";
    int arg = 0;
    while (*s) {
        const char *pct = strchr(s, '%');
        if (!pct) {
            text_add(&t, s, strlen(s));
            break;
        }
        text_add(&t, s, (size_t)(pct - s));
        if (pct[1] == '%') {
            text_add(&t, "%", 1);
            s = pct + 2;
            continue;
        }
        /* %[flags][width][.precision][length]conversion */
        const char *q = pct + 1;
        char spec[32];
        size_t sl = 0;
        while (*q && strchr("-+ #0123456789.*", *q)) {
            if (sl + 1 < sizeof spec) spec[sl++] = *q;
            q++;
        }
        spec[sl] = 0;
        while (*q && strchr("hlLqjzt", *q))
            q++;
        char conv = *q ? *q : 'd';
        s = *q ? q + 1 : q;
        if (arg >= op->noperands) continue;
        int v = op->operands[arg++];
        const TileType *tt = ti_type(ex, v);
        int64_t strides[TILE_MAX_RANK];
        ti_contiguous_strides(tt->shape, tt->rank, strides);
        print_tile(&t, spec, conv, tt, ex->vals[v], 0, 0, strides);
    }
    if (t.nomem) {
        if (t.buf) ex->env->alloc(ex->env->alloc_ud, t.buf, t.cap, 0);
        return ti_fail(ex, op, TILE_RUN_NOMEM, "out of memory formatting ct.printf output");
    }
    if (t.len && ex->env->write) ex->env->write(ex->env->write_ud, t.buf, t.len);
    if (t.buf) ex->env->alloc(ex->env->alloc_ud, t.buf, t.cap, 0);
    return TI_NEXT;
}
