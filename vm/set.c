/* set.c: set, frozenset and their iterator, with CPython's setobject algorithm.
 *
 * The table is open addressing with LINEAR_PROBES linear steps before each perturbation
 * jump, the same minimum size, fill limit (3/5) and growth rule, and the algebra (union,
 * intersection, difference...) inserts in the same order as CPython. So the iteration order
 * of a set, which scripts print, is the one CPython prints. An empty slot has key V_NULL;
 * a deleted one (dummy) has hash -1, a value no real hash takes, and key None. */
#include <string.h>

#include "dict.h"
#include "error.h"
#include "gc.h"
#include "seq.h"
#include "str.h"

#define SET_MINSIZE   8
#define LINEAR_PROBES 9
#define PERTURB_SHIFT 5

static inline bool entry_is_live(const SetEntry *e) {
    return !is_null(e->key) && e->hash != -1;
}

bool is_anyset(Interp *I, Value v) {
    if (!is_obj(v)) return false;
    Type *t = as_obj(v)->type;
    return t == I->types[TY_SET] || t == I->types[TY_FROZENSET] ||
           type_is_subtype(t, I->types[TY_SET]) || type_is_subtype(t, I->types[TY_FROZENSET]);
}
static inline Set *as_set(Value v) {
    return (Set *)v.as.o;
}
static bool is_frozen(Interp *I, Set *s) {
    return type_is_subtype(s->hdr.type, I->types[TY_FROZENSET]);
}

static inline int set_hash_key(Interp *I, Value key, int64_t *h) {
    if (is_obj(key) && as_obj(key)->type == I->types[TY_STR]) {
        *h = str_hash(as_str(key));
        return 0;
    }
    return obj_hash(I, key, h);
}

static bool set_init_table(Interp *I, Set *s) {
    s->table = mem_alloc(I, SET_MINSIZE * sizeof(SetEntry));
    if (!s->table) return false;
    memset(s->table, 0, SET_MINSIZE * sizeof(SetEntry));
    s->mask = SET_MINSIZE - 1;
    s->used = s->fill = 0;
    return true;
}

static Set *set_alloc(Interp *I, Type *t) {
    Set *s = gc_new(I, t, t->instance_size);
    if (!s) return NULL;
    s->hash = -1;
    if (!set_init_table(I, s)) return NULL;
    return s;
}

Set *set_new(Interp *I, bool frozen) {
    return set_alloc(I, I->types[frozen ? TY_FROZENSET : TY_SET]);
}

/* A new empty set of the builtin base of t (set or frozenset), as make_new_set_basetype. */
static Set *set_new_basetype(Interp *I, Type *t) {
    return set_new(I, type_is_subtype(t, I->types[TY_FROZENSET]));
}

static void set_insert_clean(SetEntry *table, size_t mask, Value key, int64_t hash) {
    size_t perturb = (size_t)hash;
    size_t i = (size_t)hash & mask;
    for (;;) {
        SetEntry *e = &table[i];
        if (is_null(e->key)) goto found;
        if (i + LINEAR_PROBES <= mask) {
            for (size_t j = 0; j < LINEAR_PROBES; j++) {
                e++;
                if (is_null(e->key)) goto found;
            }
        }
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
        continue;
    found:
        e->key = key;
        e->hash = hash;
        return;
    }
}

static int set_table_resize(Interp *I, Set *s, size_t minused) {
    size_t newsize = SET_MINSIZE;
    while (newsize <= minused)
        newsize <<= 1;
    if (newsize > ((size_t)1 << 40)) {
        err_nomem(I);
        return -1;
    }
    SetEntry *nt = mem_alloc(I, newsize * sizeof(SetEntry));
    if (!nt) return -1;
    memset(nt, 0, newsize * sizeof(SetEntry));
    SetEntry *old = s->table;
    size_t oldsize = s->mask + 1;
    size_t newmask = newsize - 1;
    for (size_t i = 0; i < oldsize; i++)
        if (entry_is_live(&old[i])) set_insert_clean(nt, newmask, old[i].key, old[i].hash);
    s->fill = s->used;
    s->table = nt;
    s->mask = newmask;
    mem_free(I, old, oldsize * sizeof(SetEntry));
    return 0;
}

/* The entry holding key, or NULL when absent; *err set on error. */
static SetEntry *set_lookkey(Interp *I, Set *s, Value key, int64_t hash, bool *err) {
    bool keystr = is_obj(key) && as_obj(key)->type == I->types[TY_STR];
restart:;
    size_t mask = s->mask;
    size_t perturb = (size_t)hash;
    size_t i = (size_t)hash & mask;
    for (;;) {
        SetEntry *e = &s->table[i];
        int probes = (i + LINEAR_PROBES <= mask) ? LINEAR_PROBES : 0;
        do {
            if (e->hash == 0 && is_null(e->key)) return NULL;
            if (e->hash == hash) {
                Value startkey = e->key;
                if (v_is(startkey, key)) return e;
                if (keystr && is_obj(startkey) && as_obj(startkey)->type == I->types[TY_STR]) {
                    if (str_eq(as_str(startkey), as_str(key))) return e;
                } else {
                    SetEntry *table = s->table;
                    int cmp = obj_eq(I, startkey, key);
                    if (cmp < 0) {
                        *err = true;
                        return NULL;
                    }
                    if (table != s->table || !v_is(e->key, startkey)) goto restart;
                    if (cmp > 0) return e;
                    mask = s->mask;
                }
            }
            e++;
        } while (probes--);
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

static int set_add_entry(Interp *I, Set *s, Value key, int64_t hash) {
    bool keystr = is_obj(key) && as_obj(key)->type == I->types[TY_STR];
    SetEntry *freeslot, *e;
restart:;
    size_t mask = s->mask;
    size_t i = (size_t)hash & mask;
    size_t perturb = (size_t)hash;
    freeslot = NULL;
    for (;;) {
        e = &s->table[i];
        int probes = (i + LINEAR_PROBES <= mask) ? LINEAR_PROBES : 0;
        do {
            if (e->hash == 0 && is_null(e->key)) goto found_unused_or_dummy;
            if (e->hash == hash) {
                Value startkey = e->key;
                if (v_is(startkey, key)) return 0;
                if (keystr && is_obj(startkey) && as_obj(startkey)->type == I->types[TY_STR]) {
                    if (str_eq(as_str(startkey), as_str(key))) return 0;
                } else {
                    SetEntry *table = s->table;
                    int cmp = obj_eq(I, startkey, key);
                    if (cmp > 0) return 0;
                    if (cmp < 0) return -1;
                    if (table != s->table || !v_is(e->key, startkey)) goto restart;
                    mask = s->mask;
                }
            } else if (e->hash == -1 && freeslot == NULL) {
                freeslot = e;
            }
            e++;
        } while (probes--);
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
found_unused_or_dummy:
    s->version++;
    if (freeslot) {
        s->used++;
        freeslot->key = key;
        freeslot->hash = hash;
        return 0;
    }
    s->fill++;
    s->used++;
    e->key = key;
    e->hash = hash;
    if (s->fill * 5 < mask * 3) return 0;
    return set_table_resize(I, s, s->used > 50000 ? s->used * 2 : s->used * 4);
}

/* 1 removed, 0 absent, -1 error. */
static int set_discard_entry(Interp *I, Set *s, Value key, int64_t hash) {
    bool err = false;
    SetEntry *e = set_lookkey(I, s, key, hash, &err);
    if (err) return -1;
    if (!e) return 0;
    e->key = V_NONE;
    e->hash = -1;
    s->used--;
    s->version++;
    return 1;
}

static int set_contains_entry(Interp *I, Set *s, Value key, int64_t hash) {
    bool err = false;
    SetEntry *e = set_lookkey(I, s, key, hash, &err);
    return err ? -1 : e != NULL;
}

int set_add(Interp *I, Set *s, Value key) {
    int64_t h;
    if (set_hash_key(I, key, &h) < 0) return -1;
    return set_add_entry(I, s, key, h);
}

/* Hash a key for lookup; a set key that is unhashable is looked up as a frozenset (as
 * CPython's set_contains/remove/discard do). *tmp receives the frozen copy if made. */
static int set_key_hash(Interp *I, Value *key, int64_t *h) {
    if (set_hash_key(I, *key, h) == 0) return 0;
    if (!is_anyset(I, *key) || !err_matches(I, TY_TYPE_ERROR)) return -1;
    err_clear(I);
    Set *f = set_from_iter(I, *key, true);
    if (!f) return -1;
    *key = v_obj(f);
    return set_hash_key(I, *key, h);
}

int set_contains(Interp *I, Set *s, Value key) {
    int64_t h;
    if (set_key_hash(I, &key, &h) < 0) return -1;
    return set_contains_entry(I, s, key, h);
}

int set_discard(Interp *I, Set *s, Value key) {
    int64_t h;
    if (set_key_hash(I, &key, &h) < 0) return -1;
    return set_discard_entry(I, s, key, h);
}

bool set_next(Set *s, size_t *pos, Value *key) {
    while (*pos <= s->mask) {
        SetEntry *e = &s->table[(*pos)++];
        if (entry_is_live(e)) {
            *key = e->key;
            return true;
        }
    }
    return false;
}

static void set_clear_internal(Interp *I, Set *s) {
    SetEntry *old = s->table;
    size_t oldsize = s->mask + 1;
    if (s->table && oldsize == SET_MINSIZE) {
        memset(s->table, 0, SET_MINSIZE * sizeof(SetEntry));
        s->used = s->fill = 0;
    } else {
        if (!set_init_table(I, s)) {
            err_clear(I); /* keep the old table emptied instead */
            if (old) memset(old, 0, oldsize * sizeof(SetEntry));
            s->used = s->fill = 0;
            return;
        }
        if (old) mem_free(I, old, oldsize * sizeof(SetEntry));
    }
    s->version++;
}

static int set_merge(Interp *I, Set *s, Set *other) {
    if (other == s || other->used == 0) return 0;
    if ((s->fill + other->used) * 5 >= s->mask * 3) {
        if (set_table_resize(I, s, (s->used + other->used) * 2) < 0) return -1;
    }
    s->version++;
    if (s->fill == 0 && s->mask == other->mask && other->fill == other->used) {
        for (size_t i = 0; i <= other->mask; i++)
            if (!is_null(other->table[i].key)) s->table[i] = other->table[i];
        s->fill = other->fill;
        s->used = other->used;
        return 0;
    }
    if (s->fill == 0) {
        s->fill = s->used = other->used;
        for (size_t i = 0; i <= other->mask; i++) {
            SetEntry *e = &other->table[i];
            if (entry_is_live(e)) set_insert_clean(s->table, s->mask, e->key, e->hash);
        }
        return 0;
    }
    for (size_t i = 0; i <= other->mask; i++) {
        SetEntry e = other->table[i];
        if (entry_is_live(&e) && set_add_entry(I, s, e.key, e.hash) < 0) return -1;
        if (i > other->mask) break;
    }
    return 0;
}

int set_update_value(Interp *I, Set *s, Value other) {
    if (is_anyset(I, other)) return set_merge(I, s, as_set(other));
    if (is_obj(other) && as_obj(other)->type == I->types[TY_DICT]) {
        Dict *d = as_dict(other);
        if ((s->fill + d->len) * 5 >= s->mask * 3) {
            if (set_table_resize(I, s, (s->used + d->len) * 2) < 0) return -1;
        }
        for (size_t k = 0; k < d->nentries; k++) {
            DictEntry e = d->entries[k];
            if (!is_null(e.key) && set_add_entry(I, s, e.key, e.hash) < 0) return -1;
        }
        return 0;
    }
    Value it = obj_iter(I, other);
    if (is_null(it) || !gc_temp_push(I, it)) return -1;
    for (;;) {
        Value k;
        int got = obj_next_item(I, it, &k);
        if (got <= 0) return got;
        size_t mark = gc_temp_mark(I);
        if (!gc_temp_push(I, k)) return -1;
        if (set_add(I, s, k) < 0) return -1;
        gc_temp_reset(I, mark);
    }
}

Set *set_from_iter(Interp *I, Value iterable, bool frozen) {
    Set *s = set_new(I, frozen);
    if (!s) return NULL;
    if (!is_null(iterable) && set_update_value(I, s, iterable) < 0) return NULL;
    return s;
}

/* A copy with the builtin base type of s. */
static Set *set_copy(Interp *I, Set *s) {
    Set *r = set_new_basetype(I, s->hdr.type);
    if (!r || set_merge(I, r, s) < 0) return NULL;
    return r;
}

Value set_intersection_value(Interp *I, Set *s, Value other) {
    Set *res = set_new_basetype(I, s->hdr.type);
    if (!res) return V_NULL;
    if (is_anyset(I, other)) {
        Set *a = s, *b = as_set(other);
        if (b->used > a->used) {
            Set *t = a;
            a = b;
            b = t;
        }
        size_t pos = 0;
        Value key;
        while (set_next(b, &pos, &key)) {
            int64_t h = b->table[pos - 1].hash;
            int r = set_contains_entry(I, a, key, h);
            if (r < 0) return V_NULL;
            if (r && set_add_entry(I, res, key, h) < 0) return V_NULL;
        }
        return v_obj(res);
    }
    Value it = obj_iter(I, other);
    if (is_null(it) || !gc_temp_push(I, it)) return V_NULL;
    for (;;) {
        Value k;
        int got = obj_next_item(I, it, &k);
        if (got <= 0) return got < 0 ? V_NULL : v_obj(res);
        size_t mark = gc_temp_mark(I);
        if (!gc_temp_push(I, k)) return V_NULL;
        int64_t h;
        if (set_hash_key(I, k, &h) < 0) return V_NULL;
        int r = set_contains_entry(I, s, k, h);
        if (r < 0) return V_NULL;
        if (r && set_add_entry(I, res, k, h) < 0) return V_NULL;
        gc_temp_reset(I, mark);
    }
}

int set_difference_update_value(Interp *I, Set *s, Value other) {
    if (is_obj(other) && as_set(other) == s) {
        set_clear_internal(I, s);
        return 0;
    }
    if (is_anyset(I, other)) {
        Set *o = as_set(other);
        if ((o->used >> 3) > s->used) {
            Value iv = set_intersection_value(I, s, other);
            if (is_null(iv)) return -1;
            o = as_set(iv);
        }
        size_t pos = 0;
        Value key;
        while (set_next(o, &pos, &key))
            if (set_discard_entry(I, s, key, o->table[pos - 1].hash) < 0) return -1;
    } else {
        Value it = obj_iter(I, other);
        if (is_null(it) || !gc_temp_push(I, it)) return -1;
        for (;;) {
            Value k;
            int got = obj_next_item(I, it, &k);
            if (got < 0) return -1;
            if (got == 0) break;
            size_t mark = gc_temp_mark(I);
            if (!gc_temp_push(I, k)) return -1;
            if (set_discard(I, s, k) < 0) return -1;
            gc_temp_reset(I, mark);
        }
    }
    if (s->fill - s->used <= s->mask / 4) return 0;
    return set_table_resize(I, s, s->used > 50000 ? s->used * 2 : s->used * 4);
}

static Value set_difference(Interp *I, Set *s, Value other) {
    size_t osize;
    if (is_anyset(I, other)) {
        osize = as_set(other)->used;
    } else if (is_obj(other) && as_obj(other)->type == I->types[TY_DICT]) {
        osize = as_dict(other)->len;
    } else {
        goto copy_and_diff;
    }
    if ((s->used >> 2) > osize) goto copy_and_diff;
    Set *res = set_new_basetype(I, s->hdr.type);
    if (!res) return V_NULL;
    size_t pos = 0;
    Value key;
    while (set_next(s, &pos, &key)) {
        int64_t h = s->table[pos - 1].hash;
        int r;
        if (is_anyset(I, other)) {
            r = set_contains_entry(I, as_set(other), key, h);
        } else {
            Value tmp;
            r = dict_get(I, as_dict(other), key, &tmp);
        }
        if (r < 0) return V_NULL;
        if (!r && set_add_entry(I, res, key, h) < 0) return V_NULL;
    }
    return v_obj(res);
copy_and_diff:;
    Set *c = set_copy(I, s);
    if (!c || set_difference_update_value(I, c, other) < 0) return V_NULL;
    return v_obj(c);
}

int set_symmetric_difference_update_value(Interp *I, Set *s, Value other) {
    if (is_obj(other) && as_set(other) == s) {
        set_clear_internal(I, s);
        return 0;
    }
    Set *o;
    if (is_anyset(I, other)) {
        o = as_set(other);
    } else {
        o = set_new_basetype(I, s->hdr.type);
        if (!o || set_update_value(I, o, other) < 0) return -1;
    }
    size_t pos = 0;
    Value key;
    while (set_next(o, &pos, &key)) {
        int64_t h = o->table[pos - 1].hash;
        int r = set_discard_entry(I, s, key, h);
        if (r < 0) return -1;
        if (r == 0 && set_add_entry(I, s, key, h) < 0) return -1;
    }
    return 0;
}

static Value set_symmetric_difference(Interp *I, Set *s, Value other) {
    Set *res = set_new_basetype(I, s->hdr.type);
    if (!res || set_update_value(I, res, other) < 0) return V_NULL;
    if (set_symmetric_difference_update_value(I, res, v_obj(s)) < 0) return V_NULL;
    return v_obj(res);
}

static Value set_union(Interp *I, Set *s, Value other) {
    Set *res = set_copy(I, s);
    if (!res || set_update_value(I, res, other) < 0) return V_NULL;
    return v_obj(res);
}

/* Replace s's contents with t's (intersection_update). */
static void set_swap_bodies(Set *s, Set *t) {
    Set tmp = *s;
    s->used = t->used;
    s->fill = t->fill;
    s->mask = t->mask;
    s->table = t->table;
    s->version++;
    t->used = tmp.used;
    t->fill = tmp.fill;
    t->mask = tmp.mask;
    t->table = tmp.table;
}

static int set_issubset_of(Interp *I, Set *a, Set *b) {
    if (a->used > b->used) return 0;
    size_t pos = 0;
    Value key;
    while (set_next(a, &pos, &key)) {
        int r = set_contains_entry(I, b, key, a->table[pos - 1].hash);
        if (r <= 0) return r;
    }
    return 1;
}

/* ---- slots ---- */

static void set_trace(Interp *I, Obj *o) {
    Set *s = (Set *)o;
    if (!s->table) return;
    for (size_t i = 0; i <= s->mask; i++)
        if (entry_is_live(&s->table[i])) gc_mark_value(I, s->table[i].key);
}

static void set_finalize(Interp *I, Obj *o) {
    Set *s = (Set *)o;
    if (s->table) mem_free(I, s->table, (s->mask + 1) * sizeof(SetEntry));
    s->table = NULL;
    s->used = s->fill = s->mask = 0;
}

static Value set_repr(Interp *I, Value self) {
    Set *s = as_set(self);
    const char *tn = type_name(I, self);
    bool plain = as_obj(self)->type == I->types[TY_SET];
    if (s->used == 0) return v_obj(str_printf(I, "%s()", tn));
    int r = seq_repr_enter(I, self);
    if (r < 0) return V_NULL;
    if (r > 0) return v_obj(str_printf(I, "%s(...)", tn));
    if (!c_recursion_enter(I, " while getting the repr of an object")) {
        seq_repr_leave(I, self);
        return V_NULL;
    }
    StrBuf b;
    sb_init(&b);
    bool ok = true;
    if (!plain) ok = sb_append_cstr(I, &b, tn) && sb_append_char(I, &b, '(');
    if (ok) ok = sb_append_char(I, &b, '{');
    /* iterate over a snapshot: a user __repr__ cannot mutate what we walk */
    List *keys = list_new(I, s->used);
    if (!keys) ok = false;
    size_t pos = 0;
    Value key;
    while (ok && set_next(s, &pos, &key))
        ok = list_append(I, keys, key);
    for (size_t i = 0; ok && i < keys->len; i++) {
        if (i) ok = sb_append_cstr(I, &b, ", ");
        if (ok) ok = sb_append_repr(I, &b, keys->items[i]);
    }
    if (ok) ok = sb_append_char(I, &b, '}');
    if (ok && !plain) ok = sb_append_char(I, &b, ')');
    c_recursion_leave(I);
    seq_repr_leave(I, self);
    if (!ok) {
        sb_free(I, &b);
        return V_NULL;
    }
    Str *str = sb_finish(I, &b);
    return str ? v_obj(str) : V_NULL;
}

static uint64_t shuffle_bits(uint64_t h) {
    return ((h ^ 89869747UL) ^ (h << 16)) * 3644798167UL;
}

static int frozenset_hash(Interp *I, Value self, int64_t *out) {
    Set *s = as_set(self);
    if (s->hash != -1) {
        *out = s->hash;
        return 0;
    }
    uint64_t hash = 0;
    for (size_t i = 0; i <= s->mask; i++)
        if (entry_is_live(&s->table[i])) hash ^= shuffle_bits((uint64_t)s->table[i].hash);
    hash ^= ((uint64_t)s->used + 1) * 1927868237UL;
    hash ^= (hash >> 11) ^ (hash >> 25);
    hash = hash * 69069U + 907133923UL;
    if (hash == (uint64_t)-1) hash = 590923713UL;
    s->hash = (int64_t)hash;
    *out = s->hash;
    return 0;
}

static Value set_richcompare(Interp *I, Value a, Value b, int op) {
    if (!is_anyset(I, a) || !is_anyset(I, b)) return v_notimpl(I);
    Set *x = as_set(a), *y = as_set(b);
    int r;
    switch (op) {
    case CMP_EQ:
    case CMP_NE:
        if (x->used != y->used)
            r = 0;
        else if (x->hash != -1 && y->hash != -1 && x->hash != y->hash)
            r = 0;
        else
            r = set_issubset_of(I, x, y);
        if (r < 0) return V_NULL;
        return v_bool(op == CMP_EQ ? r : !r);
    case CMP_LE: r = set_issubset_of(I, x, y); break;
    case CMP_GE: r = set_issubset_of(I, y, x); break;
    case CMP_LT: r = x->used < y->used ? set_issubset_of(I, x, y) : 0; break;
    default: r = x->used > y->used ? set_issubset_of(I, y, x) : 0; break;
    }
    return r < 0 ? V_NULL : v_bool(r);
}

static Value set_binop(Interp *I, Value a, Value b, int op) {
    if (!is_anyset(I, a) || !is_anyset(I, b)) return v_notimpl(I);
    Set *s = as_set(a);
    switch (op) {
    case BIN_OR: return set_union(I, s, b);
    case BIN_AND: return set_intersection_value(I, s, b);
    case BIN_SUB: return set_difference(I, s, b);
    case BIN_XOR: return set_symmetric_difference(I, s, b);
    default: return v_notimpl(I);
    }
}

static Value set_inplace(Interp *I, Value a, Value b, int op) {
    if (!is_anyset(I, a) || !is_anyset(I, b) || is_frozen(I, as_set(a))) return v_notimpl(I);
    Set *s = as_set(a);
    int r;
    switch (op) {
    case BIN_OR: r = set_update_value(I, s, b); break;
    case BIN_SUB: r = set_difference_update_value(I, s, b); break;
    case BIN_XOR: r = set_symmetric_difference_update_value(I, s, b); break;
    case BIN_AND: {
        Value t = set_intersection_value(I, s, b);
        if (is_null(t)) return V_NULL;
        set_swap_bodies(s, as_set(t));
        r = 0;
        break;
    }
    default: return v_notimpl(I);
    }
    return r < 0 ? V_NULL : a;
}

static int64_t set_len(Interp *I, Value self) {
    return (int64_t)as_set(self)->used;
}

static int set_contains_slot(Interp *I, Value self, Value key) {
    return set_contains(I, as_set(self), key);
}

typedef struct SetIter {
    Obj hdr;
    Set *set; /* NULL once exhausted */
    size_t pos, used, remaining;
} SetIter;

static Value set_iter(Interp *I, Value self) {
    SetIter *it = gc_new(I, I->types[TY_SET_ITER], sizeof(SetIter));
    if (!it) return V_NULL;
    it->set = as_set(self);
    it->used = it->remaining = it->set->used;
    return v_obj(it);
}

static Value set_tp_new(Interp *I, Type *type, int argc, Value *argv, Tuple *kwnames) {
    if (type == I->types[TY_SET] && kwnames && kwnames->len)
        return err_format(I, TY_TYPE_ERROR, "set() takes no keyword arguments");
    Set *s = set_alloc(I, type);
    return s ? v_obj(s) : V_NULL;
}

static Value frozenset_tp_new(Interp *I, Type *type, int argc, Value *argv, Tuple *kwnames) {
    int nkw = kwnames ? (int)kwnames->len : 0;
    if (type == I->types[TY_FROZENSET] && nkw)
        return err_format(I, TY_TYPE_ERROR, "frozenset() takes no keyword arguments");
    int npos = argc; /* keyword values follow the argc positional ones */
    if (npos > 1)
        return err_format(I, TY_TYPE_ERROR, "frozenset expected at most 1 argument, got %d", npos);
    if (npos == 1 && type == I->types[TY_FROZENSET] && is_obj(argv[0]) &&
        as_obj(argv[0])->type == type)
        return argv[0];
    Set *s = set_alloc(I, type);
    if (!s) return V_NULL;
    if (npos == 1 && set_update_value(I, s, argv[0]) < 0) return V_NULL;
    return v_obj(s);
}

/* ---- methods ---- */

#define SET_NOKW(name)                                                                             \
    if (!arg_no_kw(I, name, kwnames)) return V_NULL

static Value set_m_init(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    SET_NOKW("set");
    if (argc > 2)
        return err_format(I, TY_TYPE_ERROR, "set expected at most 1 argument, got %d", argc - 1);
    Set *s = as_set(argv[0]);
    if (s->used) set_clear_internal(I, s);
    if (argc == 2 && set_update_value(I, s, argv[1]) < 0) return V_NULL;
    return V_NONE;
}

static Value set_m_add(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    SET_NOKW("add");
    if (argc != 2)
        return err_format(I, TY_TYPE_ERROR, "set.add() takes exactly one argument (%d given)",
                          argc - 1);
    return set_add(I, as_set(argv[0]), argv[1]) < 0 ? V_NULL : V_NONE;
}

static Value set_m_remove(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    SET_NOKW("remove");
    if (argc != 2)
        return err_format(I, TY_TYPE_ERROR, "set.remove() takes exactly one argument (%d given)",
                          argc - 1);
    int r = set_discard(I, as_set(argv[0]), argv[1]);
    if (r < 0) return V_NULL;
    if (r == 0) return err_keyerror(I, argv[1]);
    return V_NONE;
}

static Value set_m_discard(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    SET_NOKW("discard");
    if (argc != 2)
        return err_format(I, TY_TYPE_ERROR, "set.discard() takes exactly one argument (%d given)",
                          argc - 1);
    return set_discard(I, as_set(argv[0]), argv[1]) < 0 ? V_NULL : V_NONE;
}

static Value set_m_pop(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    SET_NOKW("pop");
    if (argc != 1)
        return err_format(I, TY_TYPE_ERROR, "set.pop() takes no arguments (%d given)", argc - 1);
    Set *s = as_set(argv[0]);
    if (s->used == 0) return err_format(I, TY_KEY_ERROR, "pop from an empty set");
    SetEntry *e = s->table + ((size_t)s->finger & s->mask);
    SetEntry *limit = s->table + s->mask;
    while (!entry_is_live(e)) {
        e++;
        if (e > limit) e = s->table;
    }
    Value key = e->key;
    e->key = V_NONE;
    e->hash = -1;
    s->used--;
    s->version++;
    s->finger = (int64_t)(e - s->table) + 1;
    return key;
}

static Value set_m_clear(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    SET_NOKW("clear");
    set_clear_internal(I, as_set(argv[0]));
    return V_NONE;
}

static Value set_m_copy(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    SET_NOKW("copy");
    Set *s = as_set(argv[0]);
    if (as_obj(argv[0])->type == I->types[TY_FROZENSET]) return argv[0];
    Set *r = set_copy(I, s);
    return r ? v_obj(r) : V_NULL;
}

static Value set_m_update(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    SET_NOKW("update");
    for (int i = 1; i < argc; i++)
        if (set_update_value(I, as_set(argv[0]), argv[i]) < 0) return V_NULL;
    return V_NONE;
}

static Value set_m_union(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    SET_NOKW("union");
    Set *r = set_copy(I, as_set(argv[0]));
    if (!r) return V_NULL;
    for (int i = 1; i < argc; i++)
        if (set_update_value(I, r, argv[i]) < 0) return V_NULL;
    return v_obj(r);
}

static Value set_m_intersection(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    SET_NOKW("intersection");
    if (argc == 1) {
        Set *r = set_copy(I, as_set(argv[0]));
        return r ? v_obj(r) : V_NULL;
    }
    Value r = argv[0];
    for (int i = 1; i < argc; i++) {
        r = set_intersection_value(I, as_set(r), argv[i]);
        if (is_null(r)) return V_NULL;
    }
    return r;
}

static Value set_m_intersection_update(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    Value r = set_m_intersection(I, argc, argv, kwnames);
    if (is_null(r)) return V_NULL;
    if (!v_is(r, argv[0])) set_swap_bodies(as_set(argv[0]), as_set(r));
    return V_NONE;
}

static Value set_m_difference(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    SET_NOKW("difference");
    Set *s = as_set(argv[0]);
    if (argc == 1) {
        Set *r = set_copy(I, s);
        return r ? v_obj(r) : V_NULL;
    }
    Value r = set_difference(I, s, argv[1]);
    for (int i = 2; !is_null(r) && i < argc; i++)
        if (set_difference_update_value(I, as_set(r), argv[i]) < 0) return V_NULL;
    return r;
}

static Value set_m_difference_update(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    SET_NOKW("difference_update");
    for (int i = 1; i < argc; i++)
        if (set_difference_update_value(I, as_set(argv[0]), argv[i]) < 0) return V_NULL;
    return V_NONE;
}

static Value set_m_symmetric_difference(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    SET_NOKW("symmetric_difference");
    if (argc != 2)
        return err_format(I, TY_TYPE_ERROR,
                          "%s.symmetric_difference() takes exactly one argument (%d given)",
                          type_name(I, argv[0]), argc - 1);
    return set_symmetric_difference(I, as_set(argv[0]), argv[1]);
}

static Value set_m_symmetric_difference_update(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    SET_NOKW("symmetric_difference_update");
    if (argc != 2)
        return err_format(I, TY_TYPE_ERROR,
                          "set.symmetric_difference_update() takes exactly one argument (%d "
                          "given)",
                          argc - 1);
    if (set_symmetric_difference_update_value(I, as_set(argv[0]), argv[1]) < 0) return V_NULL;
    return V_NONE;
}

static Value set_m_issubset(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    SET_NOKW("issubset");
    if (argc != 2)
        return err_format(I, TY_TYPE_ERROR, "%s.issubset() takes exactly one argument (%d given)",
                          type_name(I, argv[0]), argc - 1);
    Value o = argv[1];
    if (!is_anyset(I, o)) {
        Set *t = set_from_iter(I, o, false);
        if (!t) return V_NULL;
        o = v_obj(t);
    }
    int r = set_issubset_of(I, as_set(argv[0]), as_set(o));
    return r < 0 ? V_NULL : v_bool(r);
}

static Value set_m_issuperset(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    SET_NOKW("issuperset");
    if (argc != 2)
        return err_format(I, TY_TYPE_ERROR, "%s.issuperset() takes exactly one argument (%d given)",
                          type_name(I, argv[0]), argc - 1);
    if (is_anyset(I, argv[1])) {
        int r = set_issubset_of(I, as_set(argv[1]), as_set(argv[0]));
        return r < 0 ? V_NULL : v_bool(r);
    }
    Value it = obj_iter(I, argv[1]);
    if (is_null(it) || !gc_temp_push(I, it)) return V_NULL;
    for (;;) {
        Value k;
        int got = obj_next_item(I, it, &k);
        if (got <= 0) return got < 0 ? V_NULL : V_TRUE;
        if (!gc_temp_push(I, k)) return V_NULL;
        int r = set_contains(I, as_set(argv[0]), k);
        if (r < 0) return V_NULL;
        if (!r) return V_FALSE;
    }
}

static Value set_m_isdisjoint(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    SET_NOKW("isdisjoint");
    if (argc != 2)
        return err_format(I, TY_TYPE_ERROR, "%s.isdisjoint() takes exactly one argument (%d given)",
                          type_name(I, argv[0]), argc - 1);
    Set *s = as_set(argv[0]);
    if (is_anyset(I, argv[1])) {
        Set *a = s, *b = as_set(argv[1]);
        if (a->used > b->used) {
            Set *t = a;
            a = b;
            b = t;
        }
        size_t pos = 0;
        Value key;
        while (set_next(a, &pos, &key)) {
            int r = set_contains_entry(I, b, key, a->table[pos - 1].hash);
            if (r < 0) return V_NULL;
            if (r) return V_FALSE;
        }
        return V_TRUE;
    }
    Value it = obj_iter(I, argv[1]);
    if (is_null(it) || !gc_temp_push(I, it)) return V_NULL;
    for (;;) {
        Value k;
        int got = obj_next_item(I, it, &k);
        if (got <= 0) return got < 0 ? V_NULL : V_TRUE;
        if (!gc_temp_push(I, k)) return V_NULL;
        int r = set_contains(I, s, k);
        if (r < 0) return V_NULL;
        if (r) return V_FALSE;
    }
}

static Value set_m_contains(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_count(I, "__contains__", argc - 1, 1, 1)) return V_NULL;
    int r = set_contains(I, as_set(argv[0]), argv[1]);
    return r < 0 ? V_NULL : v_bool(r);
}
static Value set_m_len(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return v_int((int64_t)as_set(argv[0])->used);
}
static Value set_m_iter(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return set_iter(I, argv[0]);
}

static const MethodDef set_methods[] = {
    {"__init__", set_m_init, 0},
    {"add", set_m_add, 0},
    {"remove", set_m_remove, 0},
    {"discard", set_m_discard, 0},
    {"pop", set_m_pop, 0},
    {"clear", set_m_clear, 0},
    {"copy", set_m_copy, 0},
    {"update", set_m_update, 0},
    {"union", set_m_union, 0},
    {"intersection", set_m_intersection, 0},
    {"intersection_update", set_m_intersection_update, 0},
    {"difference", set_m_difference, 0},
    {"difference_update", set_m_difference_update, 0},
    {"symmetric_difference", set_m_symmetric_difference, 0},
    {"symmetric_difference_update", set_m_symmetric_difference_update, 0},
    {"issubset", set_m_issubset, 0},
    {"issuperset", set_m_issuperset, 0},
    {"isdisjoint", set_m_isdisjoint, 0},
    {"__contains__", set_m_contains, 0},
    {"__len__", set_m_len, 0},
    {"__iter__", set_m_iter, 0},
    {NULL, NULL, 0},
};

static const MethodDef frozenset_methods[] = {
    {"copy", set_m_copy, 0},
    {"union", set_m_union, 0},
    {"intersection", set_m_intersection, 0},
    {"difference", set_m_difference, 0},
    {"symmetric_difference", set_m_symmetric_difference, 0},
    {"issubset", set_m_issubset, 0},
    {"issuperset", set_m_issuperset, 0},
    {"isdisjoint", set_m_isdisjoint, 0},
    {"__contains__", set_m_contains, 0},
    {"__len__", set_m_len, 0},
    {"__iter__", set_m_iter, 0},
    {NULL, NULL, 0},
};

const TypeSpec set_spec = {
    .name = "set",
    .base = TY_OBJECT,
    .instance_size = sizeof(Set),
    .flags = TF_BASETYPE,
    .slots =
        {
            .trace = set_trace,
            .finalize = set_finalize,
            .repr = set_repr,
            .richcompare = set_richcompare,
            .binop = set_binop,
            .inplace = set_inplace,
            .len = set_len,
            .contains = set_contains_slot,
            .iter = set_iter,
            .new = set_tp_new,
        },
    .methods = set_methods,
};

const TypeSpec frozenset_spec = {
    .name = "frozenset",
    .base = TY_OBJECT,
    .instance_size = sizeof(Set),
    .flags = TF_BASETYPE,
    .slots =
        {
            .trace = set_trace,
            .finalize = set_finalize,
            .repr = set_repr,
            .hash = frozenset_hash,
            .richcompare = set_richcompare,
            .binop = set_binop,
            .len = set_len,
            .contains = set_contains_slot,
            .iter = set_iter,
            .new = frozenset_tp_new,
        },
    .methods = frozenset_methods,
};

/* ---- iterator ---- */

static void set_iter_trace(Interp *I, Obj *o) {
    gc_mark_obj(I, (Obj *)((SetIter *)o)->set);
}
static Value set_iter_self(Interp *I, Value self) {
    return self;
}

static Value set_iter_next(Interp *I, Value self) {
    SetIter *it = (SetIter *)as_obj(self);
    Set *s = it->set;
    if (!s) return V_NULL;
    if (it->used != s->used) {
        err_format(I, TY_RUNTIME_ERROR, "Set changed size during iteration");
        it->used = (size_t)-1;
        return V_NULL;
    }
    Value key;
    if (!set_next(s, &it->pos, &key)) {
        it->set = NULL;
        return V_NULL;
    }
    if (it->remaining) it->remaining--;
    return key;
}

static Value set_iter_m_length_hint(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    SetIter *it = (SetIter *)as_obj(argv[0]);
    if (!it->set || it->used != it->set->used) return v_int(0);
    return v_int((int64_t)it->remaining);
}

static const MethodDef set_iter_methods[] = {
    {"__next__", seq_m_next, 0},
    {"__iter__", seq_m_iter_self, 0},
    {"__length_hint__", set_iter_m_length_hint, 0},
    {NULL, NULL, 0},
};

const TypeSpec set_iter_spec = {
    .name = "set_iterator",
    .base = TY_OBJECT,
    .instance_size = sizeof(SetIter),
    .slots = {.trace = set_iter_trace, .iter = set_iter_self, .next = set_iter_next},
    .methods = set_iter_methods,
};
