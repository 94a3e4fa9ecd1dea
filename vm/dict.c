/* dict.c: the dict type, in CPython 3.6+'s compact layout.
 *
 * Entries live in a dense array in insertion order (which is the iteration order); a sparse
 * index table of int32 maps hash slots to entry numbers and is probed with CPython's
 * perturbation scheme. Deleting leaves a hole in the entries (key V_NULL) and a dummy in the
 * index; both disappear when the table is rebuilt on growth. The hot paths are str keys: an
 * identical pointer, or an equal hash and bytes, settles a probe without calling __eq__.
 * A user __eq__ may mutate the dict it is being looked up in, so a probe that called one
 * restarts if the table changed under it, as CPython's lookdict does.
 * The views and their iterators are in dict_views.c. */
#include <string.h>

#include "dict.h"
#include "error.h"
#include "frame.h"
#include "gc.h"
#include "number.h"
#include "seq.h"
#include "str.h"

#define DICT_MINSIZE 8
#define IX_EMPTY     (-1)
#define IX_DUMMY     (-2)

bool is_dict(Interp *I, Value v) {
    return is_obj(v) && type_is_subtype(as_obj(v)->type, I->types[TY_DICT]);
}

static inline bool is_exact_str(Interp *I, Value v) {
    return is_obj(v) && as_obj(v)->type == I->types[TY_STR];
}

static inline bool is_exact_tuple(Interp *I, Value v) {
    return is_obj(v) && as_obj(v)->type == I->types[TY_TUPLE];
}

static inline int dict_hash_key(Interp *I, Value key, int64_t *h) {
    if (is_exact_str(I, key)) {
        *h = str_hash(as_str(key));
        return 0;
    }
    /* (tuple_hash_items guards its own recursion, so obj_hash's guard is not needed) */
    if (is_exact_tuple(I, key))
        return tuple_hash_items(I, as_tuple(key)->items, as_tuple(key)->len, h);
    return obj_hash(I, key, h);
}

Dict *dict_new(Interp *I) {
    return gc_new(I, I->types[TY_DICT], sizeof(Dict));
}

/* Probe for key. Returns 1 found, 0 missing, -1 error; *ix gets the entry number and *slot
 * the index slot holding it (when found), or the empty slot that ended the probe (when
 * missing: the slot dict_empty_slot would find, so an insert needs no second probe). */
static int dict_lookup(Interp *I, Dict *d, Value key, int64_t hash, size_t *slot, int64_t *ix) {
restart:
    if (d->index_cap == 0) return 0;
    size_t mask = d->index_cap - 1;
    size_t i = (size_t)hash & mask;
    uint64_t perturb = (uint64_t)hash;
    bool keystr = is_exact_str(I, key);
    for (;;) {
        int32_t e = d->index[i];
        if (e == IX_EMPTY) {
            *slot = i;
            return 0;
        }
        if (e >= 0) {
            DictEntry *ent = &d->entries[e];
            if (v_is(ent->key, key)) goto found;
            if (ent->hash == hash) {
                int simple = -2;
                if (keystr && is_exact_str(I, ent->key)) {
                    if (str_eq(as_str(ent->key), as_str(key))) goto found;
                } else if (is_exact_tuple(I, key) && is_exact_tuple(I, ent->key) &&
                           (simple = tuple_eq_simple(I, as_tuple(ent->key), as_tuple(key))) != -2) {
                    /* (tuple keys of ints and strs: no __eq__ can run, nothing to restart) */
                    if (simple) goto found;
                } else {
                    Value startkey = ent->key;
                    DictEntry *ents = d->entries;
                    int k = obj_eq(I, startkey, key);
                    if (k < 0) return -1;
                    if (d->entries != ents || d->index_cap != mask + 1 ||
                        (size_t)e >= d->nentries || !v_is(d->entries[e].key, startkey))
                        goto restart;
                    if (k) goto found;
                }
            }
        }
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & mask;
        continue;
    found:
        *slot = i;
        *ix = e;
        return 1;
    }
}

static size_t dict_empty_slot(Dict *d, int64_t hash) {
    size_t mask = d->index_cap - 1;
    size_t i = (size_t)hash & mask;
    uint64_t perturb = (uint64_t)hash;
    while (d->index[i] != IX_EMPTY) {
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & mask;
    }
    return i;
}

/* A dict's storage is one block: its entries (cap of them), then its index (size int32s).
 * Blocks of the two smallest sizes are kept on the interpreter's free lists when freed
 * (not in sanitizer builds, so AddressSanitizer still sees a use after free). */
#define DICT_CACHED_BLOCKS 4096 /* per size kept past a collection even if unused */

static inline size_t storage_bytes(size_t cap, size_t size) {
    return cap * sizeof(DictEntry) + size * sizeof(int32_t);
}

/* The free list that holds blocks of (cap, size), -1 if none does. */
static inline int storage_class(size_t cap, size_t size) {
#ifdef KRAIT_GC_NO_POOL
    (void)cap;
    (void)size;
    return -1;
#else
    if (size == DICT_MINSIZE && cap == DICT_MINSIZE * 2 / 3) return 0;
    if (size == DICT_MINSIZE * 2 && cap == DICT_MINSIZE * 4 / 3) return 1;
    return -1;
#endif
}

/* Entries for cap (uninitialised) followed by an index of size slots, all IX_EMPTY. */
static DictEntry *storage_alloc(Interp *I, size_t cap, size_t size) {
    int c = storage_class(cap, size);
    DictEntry *ents;
    if (c >= 0 && I->dict_blocks[c]) {
        ents = I->dict_blocks[c];
        memcpy(&I->dict_blocks[c], ents, sizeof(void *));
        I->dict_nblocks[c]--;
        I->dict_blocks_taken[c]++;
    } else {
        ents = mem_alloc(I, storage_bytes(cap, size));
        if (!ents) return NULL;
    }
    memset(ents + cap, 0xff, size * sizeof(int32_t)); /* all IX_EMPTY */
    return ents;
}

static void storage_free(Interp *I, Dict *d) {
    if (!d->entries) return;
    int c = storage_class(d->entries_cap, d->index_cap);
    /* (a sweep frees without bound: the next cycle makes about as many again; the
     * collection trims the lists afterwards) */
    if (c >= 0 && (I->gc_running || I->dict_nblocks[c] < DICT_CACHED_BLOCKS)) {
        memcpy(d->entries, &I->dict_blocks[c], sizeof(void *));
        I->dict_blocks[c] = d->entries;
        I->dict_nblocks[c]++;
    } else {
        mem_free(I, d->entries, storage_bytes(d->entries_cap, d->index_cap));
    }
    d->entries = NULL;
    d->index = NULL;
}

static void storage_trim(Interp *I, size_t keep0, size_t keep1) {
    size_t keep[2] = {keep0, keep1};
    for (int c = 0; c < 2; c++) {
        size_t size = (size_t)DICT_MINSIZE << c;
        while (I->dict_nblocks[c] > keep[c]) {
            void *b = I->dict_blocks[c];
            memcpy(&I->dict_blocks[c], b, sizeof(void *));
            mem_free(I, b, storage_bytes(size * 2 / 3, size));
            I->dict_nblocks[c]--;
        }
    }
}

void dict_trim_cached_storage(Interp *I) {
    size_t keep[2];
    for (int c = 0; c < 2; c++) {
        keep[c] = I->dict_blocks_taken[c] > DICT_CACHED_BLOCKS ? I->dict_blocks_taken[c]
                                                               : DICT_CACHED_BLOCKS;
        I->dict_blocks_taken[c] = 0;
    }
    storage_trim(I, keep[0], keep[1]);
}

void dict_release_cached_storage(Interp *I) {
    storage_trim(I, 0, 0);
}

/* Rebuild with an index of the smallest power of two >= minsize, dropping holes. */
static bool dict_resize(Interp *I, Dict *d, size_t minsize) {
    size_t size = DICT_MINSIZE;
    while (size < minsize)
        size <<= 1;
    if (size > ((size_t)1 << 30)) {
        err_nomem(I);
        return false;
    }
    size_t cap = size * 2 / 3;
    DictEntry *ents = storage_alloc(I, cap, size);
    if (!ents) return false;
    int32_t *index = (int32_t *)(ents + cap);
    size_t n = 0;
    for (size_t k = 0; k < d->nentries; k++)
        if (!is_null(d->entries[k].key)) ents[n++] = d->entries[k];
    storage_free(I, d);
    d->entries = ents;
    d->entries_cap = cap;
    d->index = index;
    d->index_cap = size;
    d->nentries = n;
    for (size_t k = 0; k < n; k++)
        index[dict_empty_slot(d, ents[k].hash)] = (int32_t)k;
    return true;
}

/* Rebuild with the smallest index that holds the entries and no spare entry room: the
 * dicts filled at start-up (type dicts, builtins) are mostly read-only, and their spare room
 * was a good part of a fresh interpreter's memory. The next insert grows it as usual. */
bool dict_shrink_to_fit(Interp *I, Dict *d) {
    if (d->len == 0 || d->nentries == 0) return true;
    size_t size = DICT_MINSIZE;
    while (size * 2 / 3 < d->len)
        size <<= 1;
    size_t cap = d->len;
    if (size == d->index_cap && cap == d->entries_cap) return true;
    DictEntry *ents = storage_alloc(I, cap, size);
    if (!ents) return false;
    int32_t *index = (int32_t *)(ents + cap);
    size_t n = 0;
    for (size_t k = 0; k < d->nentries; k++)
        if (!is_null(d->entries[k].key)) ents[n++] = d->entries[k];
    storage_free(I, d);
    d->entries = ents;
    d->entries_cap = cap;
    d->index = index;
    d->index_cap = size;
    d->nentries = n;
    for (size_t k = 0; k < n; k++)
        index[dict_empty_slot(d, ents[k].hash)] = (int32_t)k;
    return true;
}

/* Every mutation: the version moves (iteration checks, the VM's caches), and a type dict the
 * VM's attribute caches read moves their epoch (frame.h). */
static inline void dict_changed(Interp *I, Dict *d) {
    d->version++;
    if (d->hdr.obj_flags & DICT_WATCHED) vm_watched_dict_changed(I);
}

/* Append an absent key's entry, indexed at the empty slot `slot`; room is there. */
static inline void insert_at(Interp *I, Dict *d, size_t slot, Value key, int64_t hash,
                             Value value) {
    size_t e = d->nentries++;
    d->entries[e].hash = hash;
    d->entries[e].key = key;
    d->entries[e].value = value;
    d->index[slot] = (int32_t)e;
    d->len++;
    d->key_bits |= dict_key_bit(hash);
    dict_changed(I, d);
}

/* Insert a key known to be absent. */
static int dict_insert_new(Interp *I, Dict *d, Value key, int64_t hash, Value value) {
    if (d->nentries >= d->entries_cap && !dict_resize(I, d, d->len * 3)) return -1;
    insert_at(I, d, dict_empty_slot(d, hash), key, hash, value);
    return 0;
}

static int dict_set_hashed(Interp *I, Dict *d, Value key, int64_t hash, Value value) {
    size_t slot;
    int64_t ix;
    int r = dict_lookup(I, d, key, hash, &slot, &ix);
    if (r < 0) return -1;
    if (r) {
        d->entries[ix].value = value;
        dict_changed(I, d);
        return 0;
    }
    if (d->index_cap && d->nentries < d->entries_cap && d->index[slot] == IX_EMPTY) {
        insert_at(I, d, slot, key, hash, value); /* where the probe ended: no second probe */
        return 0;
    }
    return dict_insert_new(I, d, key, hash, value);
}

int dict_get(Interp *I, Dict *d, Value key, Value *out) {
    int64_t h;
    if (dict_hash_key(I, key, &h) < 0) return -1;
    size_t slot;
    int64_t ix;
    int r = dict_lookup(I, d, key, h, &slot, &ix);
    if (r > 0) *out = d->entries[ix].value;
    return r;
}

int dict_set(Interp *I, Dict *d, Value key, Value value) {
    int64_t h;
    if (dict_hash_key(I, key, &h) < 0) return -1;
    return dict_set_hashed(I, d, key, h, value);
}

static void dict_del_at(Interp *I, Dict *d, size_t slot, int64_t ix) {
    d->index[slot] = IX_DUMMY;
    d->entries[ix].key = V_NULL;
    d->entries[ix].value = V_NULL;
    d->len--;
    dict_changed(I, d);
}

int dict_del(Interp *I, Dict *d, Value key) {
    int64_t h;
    if (dict_hash_key(I, key, &h) < 0) return -1;
    size_t slot;
    int64_t ix;
    int r = dict_lookup(I, d, key, h, &slot, &ix);
    if (r > 0) dict_del_at(I, d, slot, ix);
    return r;
}

Value dict_get_str(Dict *d, Str *key) {
    if (d->index_cap == 0) return V_NULL;
    int64_t hash = str_hash(key);
    if (!dict_may_hold(d, hash)) return V_NULL;
    size_t mask = d->index_cap - 1;
    size_t i = (size_t)hash & mask;
    uint64_t perturb = (uint64_t)hash;
    for (;;) {
        int32_t e = d->index[i];
        if (e == IX_EMPTY) return V_NULL;
        if (e >= 0) {
            DictEntry *ent = &d->entries[e];
            if (ent->key.tag == KR_TOBJ) {
                Str *k = (Str *)ent->key.as.o;
                if (k == key) return ent->value;
                if (ent->hash == hash && k->hdr.type == key->hdr.type && k->len == key->len &&
                    memcmp(k->data, key->data, key->len) == 0)
                    return ent->value;
            }
        }
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & mask;
    }
}

int64_t dict_index_str(Dict *d, Str *key) {
    if (d->index_cap == 0) return -1;
    int64_t hash = str_hash(key);
    size_t mask = d->index_cap - 1;
    size_t i = (size_t)hash & mask;
    uint64_t perturb = (uint64_t)hash;
    for (;;) {
        int32_t e = d->index[i];
        if (e == IX_EMPTY) return -1;
        if (e >= 0) {
            DictEntry *ent = &d->entries[e];
            if (ent->key.tag == KR_TOBJ) {
                Str *k = (Str *)ent->key.as.o;
                if (k == key) return e;
                if (ent->hash == hash && k->hdr.type == key->hdr.type && k->len == key->len &&
                    memcmp(k->data, key->data, key->len) == 0)
                    return e;
            }
        }
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & mask;
    }
}

int dict_set_str(Interp *I, Dict *d, Str *key, Value value) {
    return dict_set_hashed(I, d, v_obj(key), str_hash(key), value);
}

int dict_get_cstr(Interp *I, Dict *d, const char *key, Value *out) {
    Str *s = str_intern_cstr(I, key);
    if (!s) return -1;
    Value v = dict_get_str(d, s);
    if (is_null(v)) return 0;
    *out = v;
    return 1;
}

bool dict_next(Dict *d, size_t *pos, Value *key, Value *value) {
    while (*pos < d->nentries) {
        DictEntry *e = &d->entries[(*pos)++];
        if (!is_null(e->key)) {
            if (key) *key = e->key;
            if (value) *value = e->value;
            return true;
        }
    }
    return false;
}

void dict_clear(Interp *I, Dict *d) {
    storage_free(I, d);
    d->entries_cap = d->index_cap = 0;
    d->len = d->nentries = 0;
    d->key_bits = 0;
    dict_changed(I, d);
}

/* Merge a dict's entries into d (hashes are reused, so no __hash__ calls). */
static int dict_merge(Interp *I, Dict *d, Dict *src, bool override) {
    if (src == d || src->len == 0) return 0;
    if (d->len == 0 && d->nentries == 0 && override) {
        if (!dict_resize(I, d, (src->len * 3 + 1) / 2 + 1)) return -1;
    }
    for (size_t k = 0; k < src->nentries; k++) {
        DictEntry e = src->entries[k];
        if (is_null(e.key)) continue;
        if (!override) {
            size_t slot;
            int64_t ix;
            int r = dict_lookup(I, d, e.key, e.hash, &slot, &ix);
            if (r < 0) return -1;
            if (r) continue;
            if (dict_insert_new(I, d, e.key, e.hash, e.value) < 0) return -1;
        } else if (dict_set_hashed(I, d, e.key, e.hash, e.value) < 0) {
            return -1;
        }
        if (k >= src->nentries) break; /* src shrank under a user __eq__ */
    }
    return 0;
}

Dict *dict_copy(Interp *I, Dict *d) {
    Dict *r = dict_new(I);
    if (!r) return NULL;
    if (dict_merge(I, r, d, true) < 0) return NULL;
    return r;
}

/* Update from a sequence of pairs. */
static int dict_update_pairs(Interp *I, Dict *d, Value seq) {
    Value it = obj_iter(I, seq);
    if (is_null(it) || !gc_temp_push(I, it)) return -1;
    for (int64_t n = 0;; n++) {
        size_t mark = gc_temp_mark(I);
        Value item;
        int got = obj_next_item(I, it, &item);
        if (got <= 0) return got;
        if (!gc_temp_push(I, item)) return -1;
        Value k, v;
        if (is_obj(item) &&
            (as_obj(item)->type == I->types[TY_TUPLE] || as_obj(item)->type == I->types[TY_LIST])) {
            bool tup = as_obj(item)->type == I->types[TY_TUPLE];
            size_t len = tup ? as_tuple(item)->len : as_list(item)->len;
            const Value *items = tup ? as_tuple(item)->items : as_list(item)->items;
            if (len != 2) {
                err_format(I, TY_VALUE_ERROR,
                           "dictionary update sequence element #%lld has length %zu; 2 is "
                           "required",
                           (long long)n, len);
                return -1;
            }
            k = items[0];
            v = items[1];
        } else {
            Type *t = type_of(I, item);
            if (!t->slots.iter && !t->slots.getitem) {
                err_format(I, TY_TYPE_ERROR,
                           "cannot convert dictionary update sequence element #%lld to a "
                           "sequence",
                           (long long)n);
                return -1;
            }
            List *l = list_from_iter(I, item);
            if (!l) return -1;
            if (l->len != 2) {
                err_format(I, TY_VALUE_ERROR,
                           "dictionary update sequence element #%lld has length %zu; 2 is "
                           "required",
                           (long long)n, l->len);
                return -1;
            }
            k = l->items[0];
            v = l->items[1];
        }
        if (dict_set(I, d, k, v) < 0) return -1;
        gc_temp_reset(I, mark);
    }
}

/* Update from a mapping that is not a dict: for k in m.keys(): d[k] = m[k]. */
static int dict_update_mapping(Interp *I, Dict *d, Value m, Value keys_meth) {
    Value keys = obj_call(I, keys_meth, 0, NULL, NULL);
    if (is_null(keys)) return -1;
    Value it = obj_iter(I, keys);
    if (is_null(it) || !gc_temp_push(I, it)) return -1;
    for (;;) {
        size_t mark = gc_temp_mark(I);
        Value k;
        int got = obj_next_item(I, it, &k);
        if (got <= 0) return got;
        if (!gc_temp_push(I, k)) return -1;
        Value v = obj_getitem(I, m, k);
        if (is_null(v)) return -1;
        if (dict_set(I, d, k, v) < 0) return -1;
        gc_temp_reset(I, mark);
    }
}

int dict_update(Interp *I, Dict *d, Value other) {
    if (is_dict(I, other)) return dict_merge(I, d, as_dict(other), true);
    Value keys;
    int has = obj_lookup_attr(I, other, I->names.keys, &keys);
    if (has <= 0) {
        if (has < 0) return -1;
        return dict_update_pairs(I, d, other);
    }
    return dict_update_mapping(I, d, other, keys);
}

/* ---- slots ---- */

static void dict_trace(Interp *I, Obj *o) {
    Dict *d = (Dict *)o;
    for (size_t k = 0; k < d->nentries; k++) {
        if (is_null(d->entries[k].key)) continue;
        gc_mark_value(I, d->entries[k].key);
        gc_mark_value(I, d->entries[k].value);
    }
}

static void dict_finalize(Interp *I, Obj *o) {
    dict_clear(I, (Dict *)o);
}

static Value dict_repr(Interp *I, Value self) {
    Dict *d = as_dict(self);
    if (d->len == 0) return v_obj(str_from_cstr(I, "{}"));
    int r = seq_repr_enter(I, self);
    if (r < 0) return V_NULL;
    if (r > 0) return v_obj(str_from_cstr(I, "{...}"));
    if (!c_recursion_enter(I, " while getting the repr of an object")) {
        seq_repr_leave(I, self);
        return V_NULL;
    }
    StrBuf b;
    sb_init(&b);
    bool ok = sb_append_char(I, &b, '{');
    bool first = true;
    for (size_t k = 0; ok && k < d->nentries; k++) {
        DictEntry e = d->entries[k];
        if (is_null(e.key)) continue;
        if (!first) ok = sb_append_cstr(I, &b, ", ");
        first = false;
        /* keep key and value alive while user __repr__ runs (it may delete them) */
        size_t mark = gc_temp_mark(I);
        if (ok) ok = gc_temp_push(I, e.key) && gc_temp_push(I, e.value);
        if (ok) ok = sb_append_repr(I, &b, e.key);
        if (ok) ok = sb_append_cstr(I, &b, ": ");
        if (ok) ok = sb_append_repr(I, &b, e.value);
        gc_temp_reset(I, mark);
    }
    if (ok) ok = sb_append_char(I, &b, '}');
    c_recursion_leave(I);
    seq_repr_leave(I, self);
    if (!ok) {
        sb_free(I, &b);
        return V_NULL;
    }
    Str *s = sb_finish(I, &b);
    return s ? v_obj(s) : V_NULL;
}

static Value dict_richcompare(Interp *I, Value a, Value b, int op) {
    if (!is_dict(I, a) || !is_dict(I, b) || (op != CMP_EQ && op != CMP_NE)) return v_notimpl(I);
    Dict *x = as_dict(a), *y = as_dict(b);
    bool eq = true;
    if (x->len != y->len) {
        eq = false;
    } else {
        if (!c_recursion_enter(I, " in comparison")) return V_NULL;
        for (size_t k = 0; k < x->nentries; k++) {
            DictEntry e = x->entries[k];
            if (is_null(e.key)) continue;
            if (!gc_temp_push(I, e.key) || !gc_temp_push(I, e.value)) {
                c_recursion_leave(I);
                return V_NULL;
            }
            size_t slot;
            int64_t ix;
            int r = dict_lookup(I, y, e.key, e.hash, &slot, &ix);
            if (r > 0) {
                Value bv = y->entries[ix].value;
                r = obj_eq(I, e.value, bv);
            }
            if (r < 0) {
                c_recursion_leave(I);
                return V_NULL;
            }
            if (!r) {
                eq = false;
                break;
            }
        }
        c_recursion_leave(I);
    }
    return v_bool(op == CMP_EQ ? eq : !eq);
}

static Value dict_binop(Interp *I, Value a, Value b, int op) {
    if (op != BIN_OR || !is_dict(I, a) || !is_dict(I, b)) return v_notimpl(I);
    Dict *r = dict_copy(I, as_dict(a));
    if (!r || dict_merge(I, r, as_dict(b), true) < 0) return V_NULL;
    return v_obj(r);
}

static Value dict_inplace(Interp *I, Value a, Value b, int op) {
    if (op != BIN_OR || !is_dict(I, a)) return v_notimpl(I);
    if (dict_update(I, as_dict(a), b) < 0) return V_NULL;
    return a;
}

static int64_t dict_len(Interp *I, Value self) {
    return (int64_t)as_dict(self)->len;
}

static Value dict_getitem(Interp *I, Value self, Value key) {
    Dict *d = as_dict(self);
    Value v;
    int r = dict_get(I, d, key, &v);
    if (r < 0) return V_NULL;
    if (r) return v;
    Type *t = as_obj(self)->type;
    if (t != I->types[TY_DICT]) {
        Value missing = type_lookup(I, t, I->names.missing);
        if (!is_null(missing)) return obj_call_method(I, self, I->names.missing, 1, &key);
    }
    return err_keyerror(I, key);
}

static int dict_setitem(Interp *I, Value self, Value key, Value v) {
    Dict *d = as_dict(self);
    if (!is_null(v)) return dict_set(I, d, key, v);
    int r = dict_del(I, d, key);
    if (r == 0) err_keyerror(I, key);
    return r > 0 ? 0 : -1;
}

static int dict_contains(Interp *I, Value self, Value key) {
    Value v;
    return dict_get(I, as_dict(self), key, &v);
}

static Value dict_tp_new(Interp *I, Type *type, int argc, Value *argv, Tuple *kwnames) {
    Dict *d = gc_new(I, type, type->instance_size);
    return d ? v_obj(d) : V_NULL;
}

/* ---- methods ---- */

static Value dict_m_init(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    int nkw = kwnames ? (int)kwnames->len : 0;
    int npos = argc - 1; /* argc counts positional arguments only; keyword values follow */
    if (npos > 1)
        return err_format(I, TY_TYPE_ERROR, "dict expected at most 1 argument, got %d", npos);
    Dict *d = as_dict(argv[0]);
    if (npos == 1 && dict_update(I, d, argv[1]) < 0) return V_NULL;
    for (int k = 0; k < nkw; k++)
        if (dict_set(I, d, kwnames->items[k], argv[1 + npos + k]) < 0) return V_NULL;
    return V_NONE;
}

static Value dict_m_get(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "get", kwnames) || !arg_count(I, "get", argc - 1, 1, 2)) return V_NULL;
    Value v;
    int r = dict_get(I, as_dict(argv[0]), argv[1], &v);
    if (r < 0) return V_NULL;
    return r ? v : (argc > 2 ? argv[2] : V_NONE);
}

static Value dict_m_setdefault(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "setdefault", kwnames) || !arg_count(I, "setdefault", argc - 1, 1, 2))
        return V_NULL;
    Dict *d = as_dict(argv[0]);
    Value dflt = argc > 2 ? argv[2] : V_NONE;
    int64_t h;
    if (dict_hash_key(I, argv[1], &h) < 0) return V_NULL;
    size_t slot;
    int64_t ix;
    int r = dict_lookup(I, d, argv[1], h, &slot, &ix);
    if (r < 0) return V_NULL;
    if (r) return d->entries[ix].value;
    if (dict_insert_new(I, d, argv[1], h, dflt) < 0) return V_NULL;
    return dflt;
}

static Value dict_m_pop(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "pop", kwnames) || !arg_count(I, "pop", argc - 1, 1, 2)) return V_NULL;
    Dict *d = as_dict(argv[0]);
    int64_t h;
    if (dict_hash_key(I, argv[1], &h) < 0) return V_NULL;
    size_t slot;
    int64_t ix;
    int r = dict_lookup(I, d, argv[1], h, &slot, &ix);
    if (r < 0) return V_NULL;
    if (!r) return argc > 2 ? argv[2] : err_keyerror(I, argv[1]);
    Value v = d->entries[ix].value;
    dict_del_at(I, d, slot, ix);
    return v;
}

static Value dict_m_popitem(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "popitem", kwnames) || !arg_count(I, "popitem", argc - 1, 0, 0))
        return V_NULL;
    Dict *d = as_dict(argv[0]);
    if (d->len == 0) return err_format(I, TY_KEY_ERROR, "popitem(): dictionary is empty");
    size_t e = d->nentries;
    while (is_null(d->entries[e - 1].key))
        e--;
    DictEntry ent = d->entries[e - 1];
    Tuple *t = tuple_pack(I, 2, ent.key, ent.value);
    if (!t) return V_NULL;
    size_t slot;
    int64_t ix;
    /* find the index slot that points at this entry */
    size_t mask = d->index_cap - 1;
    slot = (size_t)ent.hash & mask;
    uint64_t perturb = (uint64_t)ent.hash;
    while (d->index[slot] != (int32_t)(e - 1)) {
        perturb >>= 5;
        slot = (slot * 5 + perturb + 1) & mask;
    }
    ix = (int64_t)(e - 1);
    dict_del_at(I, d, slot, ix);
    d->nentries = e - 1; /* CPython reuses the popped entry's space */
    return v_obj(t);
}

static Value dict_m_update(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    int nkw = kwnames ? (int)kwnames->len : 0;
    int npos = argc - 1; /* keyword values follow the argc positional ones */
    if (npos > 1)
        return err_format(I, TY_TYPE_ERROR, "update expected at most 1 argument, got %d", npos);
    Dict *d = as_dict(argv[0]);
    if (npos == 1 && dict_update(I, d, argv[1]) < 0) return V_NULL;
    for (int k = 0; k < nkw; k++)
        if (dict_set(I, d, kwnames->items[k], argv[1 + npos + k]) < 0) return V_NULL;
    return V_NONE;
}

static Value dict_m_clear(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "clear", kwnames) || !arg_count(I, "clear", argc - 1, 0, 0)) return V_NULL;
    dict_clear(I, as_dict(argv[0]));
    return V_NONE;
}

static Value dict_m_copy(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "copy", kwnames) || !arg_count(I, "copy", argc - 1, 0, 0)) return V_NULL;
    Dict *r = dict_copy(I, as_dict(argv[0]));
    return r ? v_obj(r) : V_NULL;
}

static Value dict_m_fromkeys(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "fromkeys", kwnames) || !arg_count(I, "fromkeys", argc - 1, 1, 2))
        return V_NULL;
    Value value = argc > 2 ? argv[2] : V_NONE;
    Value dv;
    if (v_is(argv[0], v_obj(I->types[TY_DICT]))) {
        Dict *d = dict_new(I);
        if (!d) return V_NULL;
        dv = v_obj(d);
    } else {
        dv = obj_call(I, argv[0], 0, NULL, NULL);
        if (is_null(dv) || !gc_temp_push(I, dv)) return V_NULL;
    }
    Value it = obj_iter(I, argv[1]);
    if (is_null(it) || !gc_temp_push(I, it)) return V_NULL;
    bool fast = is_obj(dv) && as_obj(dv)->type == I->types[TY_DICT];
    for (;;) {
        Value k;
        int got = obj_next_item(I, it, &k);
        if (got <= 0) return got < 0 ? V_NULL : dv;
        int r = fast ? dict_set(I, as_dict(dv), k, value) : obj_setitem(I, dv, k, value);
        if (r < 0) return V_NULL;
    }
}

static Value dict_m_keys(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_count(I, "keys", argc - 1, 0, 0)) return V_NULL;
    return dict_view_new(I, as_dict(argv[0]), TY_DICT_KEYS);
}
static Value dict_m_values(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_count(I, "values", argc - 1, 0, 0)) return V_NULL;
    return dict_view_new(I, as_dict(argv[0]), TY_DICT_VALUES);
}
static Value dict_m_items(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_count(I, "items", argc - 1, 0, 0)) return V_NULL;
    return dict_view_new(I, as_dict(argv[0]), TY_DICT_ITEMS);
}

static Value dict_iter(Interp *I, Value self) {
    return dict_iter_new(I, as_dict(self), TY_DICT_KEYITER);
}

static Value dict_m_reversed(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    Dict *d = as_dict(argv[0]);
    List *l = list_new(I, d->len);
    if (!l) return V_NULL;
    for (size_t k = d->nentries; k-- > 0;)
        if (!is_null(d->entries[k].key)) l->items[l->len++] = d->entries[k].key;
    return obj_iter(I, v_obj(l));
}

static Value dict_m_getitem(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "__getitem__", kwnames) || !arg_count(I, "__getitem__", argc - 1, 1, 1))
        return V_NULL;
    return dict_getitem(I, argv[0], argv[1]);
}
static Value dict_m_setitem(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "__setitem__", kwnames) || !arg_count(I, "__setitem__", argc - 1, 2, 2))
        return V_NULL;
    return dict_setitem(I, argv[0], argv[1], argv[2]) < 0 ? V_NULL : V_NONE;
}
static Value dict_m_delitem(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "__delitem__", kwnames) || !arg_count(I, "__delitem__", argc - 1, 1, 1))
        return V_NULL;
    return dict_setitem(I, argv[0], argv[1], V_NULL) < 0 ? V_NULL : V_NONE;
}
static Value dict_m_contains(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "__contains__", kwnames) || !arg_count(I, "__contains__", argc - 1, 1, 1))
        return V_NULL;
    int r = dict_contains(I, argv[0], argv[1]);
    return r < 0 ? V_NULL : v_bool(r);
}
static Value dict_m_len(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return v_int((int64_t)as_dict(argv[0])->len);
}
static Value dict_m_iter(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return dict_iter(I, argv[0]);
}

static const MethodDef dict_methods[] = {
    {"__init__", dict_m_init, 0},
    {"get", dict_m_get, 0},
    {"setdefault", dict_m_setdefault, 0},
    {"pop", dict_m_pop, 0},
    {"popitem", dict_m_popitem, 0},
    {"update", dict_m_update, 0},
    {"clear", dict_m_clear, 0},
    {"copy", dict_m_copy, 0},
    {"fromkeys", dict_m_fromkeys, METH_CLASS},
    {"keys", dict_m_keys, 0},
    {"values", dict_m_values, 0},
    {"items", dict_m_items, 0},
    {"__reversed__", dict_m_reversed, 0},
    {"__getitem__", dict_m_getitem, 0},
    {"__setitem__", dict_m_setitem, 0},
    {"__delitem__", dict_m_delitem, 0},
    {"__contains__", dict_m_contains, 0},
    {"__len__", dict_m_len, 0},
    {"__iter__", dict_m_iter, 0},
    {NULL, NULL, 0},
};

const TypeSpec dict_spec = {
    .name = "dict",
    .base = TY_OBJECT,
    .instance_size = sizeof(Dict),
    .flags = TF_BASETYPE,
    .slots =
        {
            .trace = dict_trace,
            .finalize = dict_finalize,
            .repr = dict_repr,
            .richcompare = dict_richcompare,
            .binop = dict_binop,
            .inplace = dict_inplace,
            .len = dict_len,
            .getitem = dict_getitem,
            .setitem = dict_setitem,
            .contains = dict_contains,
            .iter = dict_iter,
            .new = dict_tp_new,
        },
    .methods = dict_methods,
};
