/* dict.h: dict (insertion-ordered, CPython's compact layout), set and frozenset
 * (CPython's probing, so iteration order over ints matches), and their views and
 * iterators. (vm/dict.c, vm/dict_methods.c, vm/set.c) */
#ifndef KRAIT_DICT_H
#define KRAIT_DICT_H

#include "interp.h"

Dict *dict_new(Interp *I);
/* Drop spare room (start-up's mostly read-only dicts); false after raising MemoryError. */
bool dict_shrink_to_fit(Interp *I, Dict *d);
/* 1 found (*out set), 0 missing, -1 error (unhashable key, or __eq__ raised). */
int dict_get(Interp *I, Dict *d, Value key, Value *out);
int dict_set(Interp *I, Dict *d, Value key, Value value); /* 0 ok, -1 error */
int dict_del(Interp *I, Dict *d, Value key);              /* 1 deleted, 0 missing, -1 error */
/* Fast paths for str keys (attribute and global lookups). Never raise. */
Value dict_get_str(Dict *d, Str *key); /* V_NULL if missing */
static inline uint64_t dict_key_bit(int64_t hash) {
    return (uint64_t)1 << (hash & 63);
}
/* false: no key of this hash is in d (object.h's Dict.key_bits); true: probe to know. */
static inline bool dict_may_hold(const Dict *d, int64_t hash) {
    return (d->key_bits & dict_key_bit(hash)) != 0;
}
/* The index in d->entries of key's entry, -1 if missing (the VM's global-name cache). */
int64_t dict_index_str(Dict *d, Str *key);
int dict_set_str(Interp *I, Dict *d, Str *key, Value value);
int dict_get_cstr(Interp *I, Dict *d, const char *key, Value *out);
/* Frees the storage blocks dicts left on the interpreter's free lists (at kr_free). */
void dict_release_cached_storage(Interp *I);
/* After a sweep: give back the blocks the last cycle did not need (gc_collect). */
void dict_trim_cached_storage(Interp *I);
/* Iterate: start with *pos = 0; returns false at the end. */
bool dict_next(Dict *d, size_t *pos, Value *key, Value *value);
Dict *dict_copy(Interp *I, Dict *d);
int dict_update(Interp *I, Dict *d, Value other); /* dict.update(other) semantics */
void dict_clear(Interp *I, Dict *d);
static inline Dict *as_dict(Value v) {
    return (Dict *)v.as.o;
}
bool is_dict(Interp *I, Value v);

Set *set_new(Interp *I, bool frozen);
int set_add(Interp *I, Set *s, Value key);      /* 0 ok, -1 error */
int set_contains(Interp *I, Set *s, Value key); /* 1, 0, -1 */
int set_discard(Interp *I, Set *s, Value key);  /* 1 removed, 0 missing, -1 */
bool set_next(Set *s, size_t *pos, Value *key);
Set *set_from_iter(Interp *I, Value iterable, bool frozen);

/* ---- helpers shared inside the dict family (dict.c, dict_views.c, set.c) ---- */
Value dict_view_new(Interp *I, Dict *d, int type_id); /* TY_DICT_KEYS/VALUES/ITEMS */
Value dict_iter_new(Interp *I, Dict *d, int type_id); /* TY_DICT_KEYITER/... */
/* In-place set algebra with any iterable, in CPython's order of insertion. */
int set_update_value(Interp *I, Set *s, Value other);
int set_difference_update_value(Interp *I, Set *s, Value other);
int set_symmetric_difference_update_value(Interp *I, Set *s, Value other);
Value set_intersection_value(Interp *I, Set *s, Value other); /* a new set */
bool is_anyset(Interp *I, Value v);                           /* set, frozenset or a subclass */

#endif
