/* embed_mem.c: what a fresh interpreter holds, by kind (issue 15's "light interpreters",
 * docs/PERFORMANCE.md): every block the host's allocator holds after kr_new (largest
 * first), the object heap's pages per size class (bytes, slots in use), and the live
 * objects per type (count, bytes). A measuring tool, not a test: it links krait_internal
 * for the heap census (vm/gc_heap.c).
 *
 * Usage: embed_mem [script]   (the script, if given, runs first: what it adds shows) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../vm/gc.h"
#include "krait.h"

/* The host's side: every live block, in an open-addressing table keyed by address. */
#define MAXBLOCKS 16384
typedef struct Block {
    void *p;
    size_t size;
} Block;
typedef struct Tracker {
    Block b[MAXBLOCKS];
    size_t live, nlive;
} Tracker;

static size_t slot_of(const void *p) {
    return ((size_t)p >> 4) * 2654435761u % MAXBLOCKS;
}

static void track(Tracker *t, void *p, size_t size) {
    size_t i = slot_of(p);
    while (t->b[i].p && t->b[i].p != (void *)1)
        i = (i + 1) % MAXBLOCKS;
    t->b[i].p = p;
    t->b[i].size = size;
}

/* Takes a block out of the table (freed, or listed by the heap census instead). */
static void untrack(Tracker *t, const void *p) {
    for (size_t i = slot_of(p); t->b[i].p; i = (i + 1) % MAXBLOCKS)
        if (t->b[i].p == p) {
            t->b[i].p = (void *)1; /* a tombstone */
            return;
        }
}

static void *tracking_alloc(void *ud, void *ptr, size_t old_size, size_t new_size) {
    Tracker *t = ud;
    if (ptr) {
        untrack(t, ptr);
        t->live -= old_size;
        t->nlive--;
    }
    if (new_size == 0) {
        free(ptr);
        return NULL;
    }
    void *p = realloc(ptr, new_size);
    if (!p) return NULL; /* (a failed realloc keeps ptr: not tracked again; fine here) */
    track(t, p, new_size);
    t->live += new_size;
    t->nlive++;
    return p;
}

/* The heap census: bytes per type name and per size class. */
#define MAXKINDS 256
typedef struct Kind {
    const char *name;
    size_t count, bytes;
} Kind;
typedef struct Census {
    Kind kinds[MAXKINDS];
    int nkinds;
    size_t page_bytes[600], slot_bytes[600], npages[600]; /* by slot size; 0: large */
    size_t large_bytes, nlarge;
    Tracker *tracker; /* the heap's blocks are taken out of it, leaving the others */
} Census;

static void census_fn(void *ud, Obj *o, const void *block, size_t bytes, size_t slot_size) {
    Census *c = ud;
    if (c->tracker) untrack(c->tracker, block);
    if (!o) {
        c->page_bytes[slot_size] += bytes;
        c->npages[slot_size]++;
        return;
    }
    if (slot_size) {
        c->slot_bytes[slot_size] += bytes;
    } else {
        c->large_bytes += bytes;
        c->nlarge++;
    }
    Type *t = o->type;
    const char *name = t && t->name ? t->name->data : "(no type)";
    int k = 0;
    while (k < c->nkinds && strcmp(c->kinds[k].name, name) != 0)
        k++;
    if (k == c->nkinds) {
        if (k == MAXKINDS) return;
        c->kinds[c->nkinds++].name = name;
    }
    c->kinds[k].count++;
    c->kinds[k].bytes += bytes;
}

static int by_bytes(const void *a, const void *b) {
    size_t x = ((const Kind *)a)->bytes, y = ((const Kind *)b)->bytes;
    return x < y ? 1 : x > y ? -1 : 0;
}

static int by_size_desc(const void *a, const void *b) {
    size_t x = ((const Block *)a)->size, y = ((const Block *)b)->size;
    return x < y ? 1 : x > y ? -1 : 0;
}

int main(int argc, char **argv) {
    static Tracker t;
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.allocator.fn = tracking_alloc;
    cfg.allocator.ud = &t;
    kr_interp *I = kr_new(&cfg);
    if (!I) return 1;
    if (argc > 1 && kr_run_file(I, argv[1]) != KR_OK) kr_print_error(I);
    Interp *in = (Interp *)I;
    printf("held: %zu B in %zu blocks (sizeof(Interp) %zu)\n", t.live, t.nlive, sizeof(Interp));
    printf("interned strings: %zu in a table of %zu (%zu B)\n", in->interned.count,
           in->interned.cap, in->interned.cap * sizeof(Str *));

    static Census c;
    static Tracker others; /* the host's blocks that are not the heap's */
    others = t;
    c.tracker = &others;
    heap_census((Interp *)I, census_fn, &c);
    size_t pages = 0, used = 0;
    printf("\nheap pages by slot size: slot  pages  page bytes  used bytes  unused\n");
    for (int s = 1; s < 600; s++) {
        if (!c.npages[s]) continue;
        printf("  %4d %6zu %11zu %11zu %7zu\n", s, c.npages[s], c.page_bytes[s], c.slot_bytes[s],
               c.page_bytes[s] - c.slot_bytes[s]);
        pages += c.page_bytes[s];
        used += c.slot_bytes[s];
    }
    printf("  all pages %zu B, objects in them %zu B, large objects %zu B (%zu)\n", pages, used,
           c.large_bytes, c.nlarge);
    printf("  outside the object heap: %zu B\n", t.live - pages - c.large_bytes);

    qsort(c.kinds, (size_t)c.nkinds, sizeof(Kind), by_bytes);
    printf("\nlive objects by type: count  bytes\n");
    for (int k = 0; k < c.nkinds; k++)
        printf("  %-22s %6zu %8zu\n", c.kinds[k].name, c.kinds[k].count, c.kinds[k].bytes);

    static Block all[MAXBLOCKS];
    size_t n = 0;
    for (size_t i = 0; i < MAXBLOCKS; i++)
        if (others.b[i].p && others.b[i].p != (void *)1) all[n++] = others.b[i];
    qsort(all, n, sizeof(Block), by_size_desc);
    printf("\nthe host's blocks outside the object heap, largest first:\n");
    for (size_t i = 0; i < n; i++)
        printf("  %zu", all[i].size);
    printf("\n");
    kr_free(I);
    return t.live == 0 ? 0 : 1;
}
