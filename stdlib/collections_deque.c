/* collections_deque.c: the hot half of collections.deque. The class itself is created by
 * the frozen Python source in collections.c (repr, rotate, index and the other rarely hot
 * methods are Python there); this file adds the native methods: construction, append and
 * pop at both ends, extend, len, iteration and indexing.
 *
 * Per-instance state lives in the instance dict under "_state": a list [buf, head, maxlen]
 * where buf is a list whose live items are buf[head:]. popleft advances head (compacting
 * when the dead prefix passes half the buffer) and appendleft reuses the dead prefix or
 * regrows it, so both ends are amortized O(1) with no static or C-side storage. */
#include <string.h>

#include "collections_deque.h"
#include "classes.h"

enum { ST_BUF, ST_HEAD, ST_MAXLEN, ST__COUNT };

static List *deque_state(Interp *I, Value self) {
    Dict **dp = obj_dict_ptr(I, self);
    Str *key = str_intern_cstr(I, "_state");
    Value st = (dp && *dp && key) ? dict_get_str(*dp, key) : V_NULL;
    if (is_null(st) || !is_instance(I, st, I->types[TY_LIST]) || as_list(st)->len != ST__COUNT) {
        err_format(I, TY_TYPE_ERROR, "deque object is not initialized");
        return NULL;
    }
    return as_list(st);
}

static List *state_buf(List *st) {
    return as_list(st->items[ST_BUF]);
}
static size_t state_head(List *st) {
    return (size_t)st->items[ST_HEAD].as.i;
}
static size_t state_len(List *st) {
    return state_buf(st)->len - state_head(st);
}
static int64_t state_maxlen(List *st) {
    return is_none(st->items[ST_MAXLEN]) ? -1 : st->items[ST_MAXLEN].as.i;
}

/* Drop the dead prefix once it is at least half the buffer. */
static void compact(List *st) {
    List *b = state_buf(st);
    size_t h = state_head(st);
    if (h == 0 || h * 2 < b->len) return;
    memmove(b->items, b->items + h, (b->len - h) * sizeof(Value));
    b->len -= h;
    st->items[ST_HEAD] = v_int(0);
}

static bool push_right(Interp *I, List *st, Value v) {
    int64_t maxlen = state_maxlen(st);
    if (maxlen == 0) return true;
    if (!list_append(I, state_buf(st), v)) return false;
    if (maxlen > 0 && state_len(st) > (size_t)maxlen) {
        List *b = state_buf(st);
        size_t h = state_head(st);
        b->items[h] = V_NONE;
        st->items[ST_HEAD] = v_int((int64_t)h + 1);
        compact(st);
    }
    return true;
}

static bool push_left(Interp *I, List *st, Value v) {
    int64_t maxlen = state_maxlen(st);
    if (maxlen == 0) return true;
    List *b = state_buf(st);
    size_t h = state_head(st);
    if (h == 0) {
        /* regrow a dead prefix as large as the live part, so appendleft is amortized O(1) */
        size_t gap = b->len < 8 ? 8 : b->len;
        for (size_t k = 0; k < gap; k++)
            if (!list_append(I, b, V_NONE)) return false;
        memmove(b->items + gap, b->items, (b->len - gap) * sizeof(Value));
        for (size_t k = 0; k < gap; k++)
            b->items[k] = V_NONE;
        h = gap;
    }
    b->items[--h] = v;
    st->items[ST_HEAD] = v_int((int64_t)h);
    if (maxlen > 0 && state_len(st) > (size_t)maxlen) b->len--;
    return true;
}

static Value deque_init(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    static const char *const names[] = {"iterable", "maxlen"};
    Value a[2];
    if (!arg_parse(I, "deque", argc - 1, argv + 1, kwnames, names, 2, 0, 2, a)) return V_NULL;
    Value maxlen = V_NONE;
    if (!is_null(a[1]) && !is_none(a[1])) {
        int64_t n;
        if (!is_int(I, a[1])) return err_format(I, TY_TYPE_ERROR, "an integer is required");
        if (!int_to_i64(I, a[1], &n)) return V_NULL;
        if (n < 0) return err_format(I, TY_VALUE_ERROR, "maxlen must be non-negative");
        maxlen = v_int(n);
    }
    List *buf = list_new(I, 8);
    List *st = buf ? list_new(I, ST__COUNT) : NULL;
    if (!st || !list_append(I, st, v_obj(buf)) || !list_append(I, st, v_int(0)) ||
        !list_append(I, st, maxlen))
        return V_NULL;
    Str *key = str_intern_cstr(I, "_state");
    if (!key || obj_setattr(I, argv[0], key, v_obj(st)) < 0) return V_NULL;
    if (!is_null(a[0])) {
        Value it = obj_iter(I, a[0]);
        if (is_null(it) || !gc_temp_push(I, it)) return V_NULL;
        for (;;) {
            Value x;
            int got = obj_next_item(I, it, &x);
            if (got < 0) return V_NULL;
            if (got == 0) break;
            if (!push_right(I, st, x)) return V_NULL;
        }
    }
    return V_NONE;
}

static Value deque_append(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "append", kwnames) || !arg_count(I, "append", argc - 1, 1, 1)) return V_NULL;
    List *st = deque_state(I, argv[0]);
    if (!st || !push_right(I, st, argv[1])) return V_NULL;
    return V_NONE;
}

static Value deque_appendleft(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "appendleft", kwnames) || !arg_count(I, "appendleft", argc - 1, 1, 1))
        return V_NULL;
    List *st = deque_state(I, argv[0]);
    if (!st || !push_left(I, st, argv[1])) return V_NULL;
    return V_NONE;
}

static Value deque_pop(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "pop", kwnames) || !arg_count(I, "pop", argc - 1, 0, 0)) return V_NULL;
    List *st = deque_state(I, argv[0]);
    if (!st) return V_NULL;
    if (state_len(st) == 0) return err_format(I, TY_INDEX_ERROR, "pop from an empty deque");
    List *b = state_buf(st);
    Value v = b->items[--b->len];
    if (state_len(st) == 0) st->items[ST_HEAD] = v_int(0), b->len = 0;
    return v;
}

static Value deque_popleft(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "popleft", kwnames) || !arg_count(I, "popleft", argc - 1, 0, 0))
        return V_NULL;
    List *st = deque_state(I, argv[0]);
    if (!st) return V_NULL;
    if (state_len(st) == 0) return err_format(I, TY_INDEX_ERROR, "pop from an empty deque");
    List *b = state_buf(st);
    size_t h = state_head(st);
    Value v = b->items[h];
    b->items[h] = V_NONE;
    st->items[ST_HEAD] = v_int((int64_t)h + 1);
    if (state_len(st) == 0)
        st->items[ST_HEAD] = v_int(0), b->len = 0;
    else
        compact(st);
    return v;
}

/* extend/extendleft: iterate a snapshot when extending a deque by itself. */
static Value deque_extend_side(Interp *I, int argc, Value *argv, Tuple *kwnames, bool left) {
    const char *name = left ? "extendleft" : "extend";
    if (!arg_no_kw(I, name, kwnames) || !arg_count(I, name, argc - 1, 1, 1)) return V_NULL;
    List *st = deque_state(I, argv[0]);
    if (!st) return V_NULL;
    Value src = argv[1];
    if (v_is(src, argv[0])) {
        List *snap = list_from_array(I, state_buf(st)->items + state_head(st), state_len(st));
        if (!snap) return V_NULL;
        src = v_obj(snap);
    }
    Value it = obj_iter(I, src);
    if (is_null(it) || !gc_temp_push(I, it)) return V_NULL;
    for (;;) {
        Value x;
        int got = obj_next_item(I, it, &x);
        if (got <= 0) return got < 0 ? V_NULL : V_NONE;
        if (!(left ? push_left(I, st, x) : push_right(I, st, x))) return V_NULL;
    }
}

static Value deque_extend(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return deque_extend_side(I, argc, argv, kwnames, false);
}

static Value deque_extendleft(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return deque_extend_side(I, argc, argv, kwnames, true);
}

static Value deque_clear(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = deque_state(I, argv[0]);
    if (!st) return V_NULL;
    state_buf(st)->len = 0;
    st->items[ST_HEAD] = v_int(0);
    return V_NONE;
}

static Value deque_len(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = deque_state(I, argv[0]);
    return st ? v_int((int64_t)state_len(st)) : V_NULL;
}

/* Iteration walks a snapshot list: simple and safe if the deque changes meanwhile. */
static Value deque_iter(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    List *st = deque_state(I, argv[0]);
    if (!st) return V_NULL;
    List *snap = list_from_array(I, state_buf(st)->items + state_head(st), state_len(st));
    return snap ? obj_iter(I, v_obj(snap)) : V_NULL;
}

static bool deque_index_arg(Interp *I, List *st, Value key, int64_t *out) {
    if (!is_int(I, key) && !type_of(I, key)->slots.index)
        return err_format(I, TY_TYPE_ERROR, "sequence index must be integer, not '%s'",
                          type_name(I, key)),
               false;
    /* the length is read after __index__ ran: it may have resized the deque */
    return seq_index_value(I, key, "deque", out) &&
           seq_index_adjust(I, *out, (int64_t)state_len(st), "deque", out);
}

static Value deque_getitem(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_count(I, "__getitem__", argc - 1, 1, 1)) return V_NULL;
    List *st = deque_state(I, argv[0]);
    int64_t i;
    if (!st || !deque_index_arg(I, st, argv[1], &i)) return V_NULL;
    return state_buf(st)->items[state_head(st) + (size_t)i];
}

static Value deque_setitem(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_count(I, "__setitem__", argc - 1, 2, 2)) return V_NULL;
    List *st = deque_state(I, argv[0]);
    int64_t i;
    if (!st || !deque_index_arg(I, st, argv[1], &i)) return V_NULL;
    state_buf(st)->items[state_head(st) + (size_t)i] = argv[2];
    return V_NONE;
}

static Value deque_delitem(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_count(I, "__delitem__", argc - 1, 1, 1)) return V_NULL;
    List *st = deque_state(I, argv[0]);
    int64_t i;
    if (!st || !deque_index_arg(I, st, argv[1], &i)) return V_NULL;
    List *b = state_buf(st);
    size_t at = state_head(st) + (size_t)i;
    memmove(b->items + at, b->items + at + 1, (b->len - at - 1) * sizeof(Value));
    b->len--;
    return V_NONE;
}

const MethodDef deque_native_methods[] = {
    {"__init__", deque_init, 0},         {"append", deque_append, 0},
    {"appendleft", deque_appendleft, 0}, {"pop", deque_pop, 0},
    {"popleft", deque_popleft, 0},       {"extend", deque_extend, 0},
    {"extendleft", deque_extendleft, 0}, {"clear", deque_clear, 0},
    {"__len__", deque_len, 0},           {"__iter__", deque_iter, 0},
    {"__getitem__", deque_getitem, 0},   {"__setitem__", deque_setitem, 0},
    {"__delitem__", deque_delitem, 0},   {NULL, NULL, 0},
};

/* Add native methods to a class made by Python source, bound as methods of it, and
 * recompute its slots so the dunders among them take effect. */
bool class_add_native_methods(Interp *I, Type *t, const MethodDef *defs) {
    for (const MethodDef *m = defs; m->name; m++) {
        Value f = native_method_new(I, t, m);
        Str *name = str_intern_cstr(I, m->name);
        if (is_null(f) || !name || dict_set_str(I, t->tdict, name, f) < 0) return false;
    }
    t->version++;
    type_fixup_slots(I, t);
    return true;
}

bool module_class_add_native_methods(Interp *I, Module *m, const char *cls, const MethodDef *defs) {
    Value c = dict_get_str(m->dict, str_intern_cstr(I, cls));
    if (is_null(c) || !is_obj(c) || as_obj(c)->type != I->types[TY_TYPE]) return false;
    return class_add_native_methods(I, (Type *)as_obj(c), defs);
}
