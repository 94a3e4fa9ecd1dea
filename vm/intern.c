/* intern.c: the table of interned strings (I->interned).
 *
 * Interned strings are unique by content, so names can be compared by pointer in attribute
 * and global lookups. The collector (gc.c) marks every interned string as a root; the str
 * finalizer still removes a dying interned string (str_intern_forget), so the table stays
 * consistent at teardown and if interning ever becomes weak. Open addressing with linear
 * probing, so removal can shift the following entries back instead of leaving tombstones.
 * The table doubles when it passes half full. */
#include <string.h>

#include "gc.h"
#include "str.h"

static size_t intern_find(InternTable *t, const char *utf8, size_t len, int64_t hash) {
    size_t mask = t->cap - 1;
    size_t i = (size_t)hash & mask;
    for (;;) {
        Str *e = t->slots[i];
        if (!e) return i;
        if (e->hash == hash && e->len == len && memcmp(e->data, utf8, len) == 0) return i;
        i = (i + 1) & mask;
    }
}

static bool intern_grow(Interp *I, InternTable *t) {
    size_t ncap = t->cap ? t->cap * 2 : 256;
    Str **slots = mem_alloc(I, ncap * sizeof(Str *));
    if (!slots) return false;
    memset(slots, 0, ncap * sizeof(Str *));
    for (size_t i = 0; i < t->cap; i++) {
        Str *e = t->slots[i];
        if (!e) continue;
        size_t j = (size_t)e->hash & (ncap - 1);
        while (slots[j])
            j = (j + 1) & (ncap - 1);
        slots[j] = e;
    }
    if (t->slots) mem_free(I, t->slots, t->cap * sizeof(Str *));
    t->slots = slots;
    t->cap = ncap;
    return true;
}

static Str *intern_insert(Interp *I, const char *utf8, size_t len, Str *have) {
    InternTable *t = &I->interned;
    if ((t->count + 1) * 2 > t->cap && !intern_grow(I, t)) return NULL;
    int64_t hash = have ? str_hash(have) : str_hash_bytes(utf8, len);
    size_t i = intern_find(t, utf8, len, hash);
    if (t->slots[i]) return t->slots[i];
    Str *s = have;
    if (!s) {
        s = str_new(I, utf8, len);
        if (!s) return NULL;
        /* the cached singletons (empty, one ASCII char) may already be interned */
        if (s->hdr.obj_flags & STR_INTERNED) return s;
        str_hash(s);
        /* str_new may have collected, but the table is weak: i is still free unless the
         * collection freed entries, which only ever shortens probe chains. Re-probe. */
        i = intern_find(t, utf8, len, hash);
        if (t->slots[i]) return t->slots[i];
    }
    s->hdr.obj_flags |= STR_INTERNED;
    t->slots[i] = s;
    t->count++;
    return s;
}

Str *str_intern(Interp *I, const char *utf8, size_t len) {
    return intern_insert(I, utf8, len, NULL);
}

Str *str_intern_cstr(Interp *I, const char *s) {
    return str_intern(I, s, strlen(s));
}

Str *str_intern_str(Interp *I, Str *s) {
    if (s->hdr.obj_flags & STR_INTERNED) return s;
    if (s->hdr.type != I->types[TY_STR]) return str_intern(I, s->data, s->len);
    return intern_insert(I, s->data, s->len, s);
}

void str_intern_forget(Interp *I, Str *s) {
    InternTable *t = &I->interned;
    if (!t->slots) return;
    size_t mask = t->cap - 1;
    size_t i = (size_t)s->hash & mask;
    while (t->slots[i] && t->slots[i] != s)
        i = (i + 1) & mask;
    if (!t->slots[i]) return;
    t->slots[i] = NULL;
    t->count--;
    /* Backward-shift: move later entries of the cluster into the hole when their home slot
     * does not lie strictly between the hole and their position. */
    size_t hole = i;
    size_t j = (i + 1) & mask;
    while (t->slots[j]) {
        size_t home = (size_t)t->slots[j]->hash & mask;
        bool movable = hole <= j ? (home <= hole || home > j) : (home <= hole && home > j);
        if (movable) {
            t->slots[hole] = t->slots[j];
            t->slots[j] = NULL;
            hole = j;
        }
        j = (j + 1) & mask;
    }
}

void str_intern_table_free(Interp *I) {
    InternTable *t = &I->interned;
    if (t->slots) mem_free(I, t->slots, t->cap * sizeof(Str *));
    t->slots = NULL;
    t->cap = t->count = 0;
}
