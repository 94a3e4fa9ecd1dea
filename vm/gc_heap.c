/* gc_heap.c: where objects live. Small objects (up to 512 bytes) are carved from pages of
 * one size class each (the first two pages of a class are 1 KB, the next two 2 KB, and so
 * on up to 16 KB: a fresh interpreter touches all 20 classes, and 20 full pages would be
 * most of what it holds); larger ones (and the rare objects that need a hidden prefix word)
 * get their own block from the host allocator, linked in a list.
 *
 * Why pages: the sweep then walks memory linearly, slot after slot, instead of chasing a
 * linked list through the whole heap (which cost a cache miss per object and dominated
 * collection time), objects carry no per-object malloc header or list link, and freeing
 * is pushing a slot on its page's free list. A page left empty by a sweep goes back to the
 * host allocator. Page bytes, not object bytes, count toward the collector's trigger and
 * the memory limit.
 *
 * Sanitizer builds (KRAIT_GC_NO_POOL) give every object its own block, so AddressSanitizer
 * still sees use-after-free of objects. */
#include <string.h>

#include "gc.h"

#define PAGE_BYTES   (16u * 1024u) /* the largest page */
#define FIRST_PAGE   1024u         /* a class's first page */
#define SMALL_MAX    512u
#define NCLASSES     20 /* 16..256 by 16, then 320, 384, 448, 512 */
#define LARGE_PREFIX 32 /* size, list link, spare, prefix dict (gc_prefix_dict is at -8) */

typedef struct GcPage {
    struct GcPage *next;       /* all pages of the class */
    struct GcPage *next_avail; /* pages with free slots */
    Obj *free;                 /* free slots below `bump`, linked through their first word */
    uint32_t slot_size, nslots, nfree;
    uint32_t bump;  /* slots ever handed out; those above were never touched (no RSS) */
    uint32_t bytes; /* the page's size, header included */
    bool avail;
    char pad[3];
    /* slots follow, 16-byte aligned */
} GcPage;

struct GcHeap {
    GcPage *pages[NCLASSES];
    GcPage *avail[NCLASSES];
    Obj *large; /* linked through the prefix */
    size_t npages;
    uint32_t made[NCLASSES]; /* pages each class ever had: the next page's size */
};

_Static_assert(sizeof(GcPage) % 16 == 0, "page slots must stay 16-byte aligned");

static const uint32_t class_sizes[NCLASSES] = {
    16, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 320, 384, 448, 512,
};

static inline int size_class(size_t size) {
    if (size <= 256) return size == 0 ? 0 : (int)((size + 15) / 16) - 1;
    return 16 + (int)((size - 257) / 64);
}

static inline char *page_slots(GcPage *p) {
    return (char *)p + sizeof(GcPage);
}

static inline Obj **free_link(Obj *o) {
    return (Obj **)o;
}

/* Large-object prefix words. */
static inline size_t *large_size(Obj *o) {
    return (size_t *)((char *)o - 32);
}
static inline Obj **large_next(Obj *o) {
    return (Obj **)((char *)o - 24);
}

static void *raw(Interp *I, void *p, size_t old_size, size_t new_size) {
    return I->allocator.fn(I->allocator.ud, p, old_size, new_size);
}

static GcHeap *heap_get(Interp *I) {
    if (!I->heap) {
        I->heap = raw(I, NULL, 0, sizeof(GcHeap));
        if (I->heap) memset(I->heap, 0, sizeof(GcHeap));
    }
    return I->heap;
}

static bool over_limit(Interp *I, size_t more) {
    /* A page is checked whole against the limit even though it is counted as touched. */
    return I->mem_limit && I->bytes_allocated + more > I->mem_limit;
}

static GcPage *page_new(Interp *I, GcHeap *h, int c) {
    uint32_t slot = class_sizes[c];
    /* 1, 1, 2, 2, 4, 4, ... KB by the pages the class ever had (a busy class keeps its large
     * pages when sweeps give small ones back): each size twice, so a class's last, partly
     * used page is at most about a third of its pages (doubling every page left half of a
     * fresh interpreter's last pages empty, ~35 KB held for nothing) */
    unsigned made = h->made[c] < 16 ? h->made[c] : 16;
    uint32_t bytes = FIRST_PAGE << (made / 2);
    if (bytes > PAGE_BYTES) bytes = PAGE_BYTES;
    if (bytes < (uint32_t)sizeof(GcPage) + 2 * slot) bytes = (uint32_t)sizeof(GcPage) + 2 * slot;
    if (over_limit(I, bytes)) return NULL;
    GcPage *p = raw(I, NULL, 0, bytes);
    if (!p) return NULL;
    /* Memory is counted as slots are first touched, not per page: untouched slots cost no
     * resident memory, and a small interpreter should not look like 20 full pages. */
    I->bytes_allocated += sizeof(GcPage);
    h->npages++;
    h->made[c]++;
    memset(p, 0, sizeof(GcPage));
    p->slot_size = slot;
    p->bytes = bytes;
    p->nslots = (bytes - (uint32_t)sizeof(GcPage)) / slot;
    p->nfree = p->nslots;
    p->bump = 0;
    p->free = NULL;
    p->next = h->pages[c];
    h->pages[c] = p;
    p->next_avail = h->avail[c];
    h->avail[c] = p;
    p->avail = true;
    return p;
}

static Obj *large_alloc(Interp *I, GcHeap *h, size_t size) {
    size_t total = size + LARGE_PREFIX;
    if (total < size || over_limit(I, total)) return NULL;
    char *b = raw(I, NULL, 0, total);
    if (!b) return NULL;
    I->bytes_allocated += total;
    Obj *o = (Obj *)(b + LARGE_PREFIX);
    memset(b, 0, total);
    *large_size(o) = total;
    *large_next(o) = h->large;
    h->large = o;
    return o;
}

Obj *heap_alloc(Interp *I, Type *type, size_t size) {
    GcHeap *h = heap_get(I);
    if (!h) return NULL;
    Obj *o;
#ifdef KRAIT_GC_NO_POOL
    bool small = false;
#else
    bool small = size <= SMALL_MAX && !(type && (type->flags & TF_PREFIX_DICT));
#endif
    if (small) {
        int c = size_class(size);
        GcPage *p = h->avail[c];
        if (!p) p = page_new(I, h, c);
        if (!p) return NULL;
        if (p->free) {
            o = p->free;
            p->free = *free_link(o);
        } else {
            o = (Obj *)(page_slots(p) + (size_t)p->bump++ * p->slot_size);
            I->bytes_allocated += p->slot_size;
        }
        if (--p->nfree == 0) { /* full: off the available list (it is the head) */
            h->avail[c] = p->next_avail;
            p->avail = false;
        }
        memset(o, 0, p->slot_size);
    } else {
        o = large_alloc(I, h, size);
        if (!o) return NULL;
    }
    o->type = type;
    o->gc_flags = GC_LIVE;
    return o;
}

static void finalize(Interp *I, Obj *o) {
    if (o->type && o->type->slots.finalize) o->type->slots.finalize(I, o);
}

/* Visits every live object (used by the mark phase's overflow rescan). */
void heap_each_live(Interp *I, void (*fn)(Interp *I, Obj *o)) {
    GcHeap *h = I->heap;
    if (!h) return;
    for (int c = 0; c < NCLASSES; c++) {
        for (GcPage *p = h->pages[c]; p; p = p->next) {
            char *s = page_slots(p);
            for (uint32_t i = 0; i < p->bump; i++) {
                Obj *o = (Obj *)(s + (size_t)i * p->slot_size);
                if (o->gc_flags & GC_LIVE) fn(I, o);
            }
        }
    }
    for (Obj *o = h->large; o; o = *large_next(o))
        fn(I, o);
}

/* For measuring what an interpreter holds (bench/embed/embed_mem): every live object with
 * the bytes it takes (its slot, or its large block with the prefix; slot_size 0), then each
 * page as fn(ud, NULL, the page, its bytes, its slot size). */
void heap_census(Interp *I, HeapCensusFn fn, void *ud) {
    GcHeap *h = I->heap;
    if (!h) return;
    for (int c = 0; c < NCLASSES; c++) {
        for (GcPage *p = h->pages[c]; p; p = p->next) {
            char *s = page_slots(p);
            for (uint32_t i = 0; i < p->bump; i++) {
                Obj *o = (Obj *)(s + (size_t)i * p->slot_size);
                if (o->gc_flags & GC_LIVE) fn(ud, o, o, p->slot_size, p->slot_size);
            }
            fn(ud, NULL, p, p->bytes, p->slot_size);
        }
    }
    for (Obj *o = h->large; o; o = *large_next(o))
        fn(ud, o, (char *)o - LARGE_PREFIX, *large_size(o), 0);
}

/* Sweep in two passes: first finalize every unmarked object (a finalizer may still look at
 * another dead object, so nothing is freed yet), then rebuild the free lists, release empty
 * pages and free dead large objects. */
void heap_sweep(Interp *I) {
    GcHeap *h = I->heap;
    if (!h) return;
    for (int c = 0; c < NCLASSES; c++) {
        for (GcPage *p = h->pages[c]; p; p = p->next) {
            if (p->nfree == p->nslots) continue;
            char *s = page_slots(p);
            for (uint32_t i = 0; i < p->bump; i++) {
                Obj *o = (Obj *)(s + (size_t)i * p->slot_size);
                if ((o->gc_flags & (GC_LIVE | GC_MARKED)) == GC_LIVE) finalize(I, o);
            }
        }
    }
    for (Obj *o = h->large; o; o = *large_next(o))
        if (!(o->gc_flags & GC_MARKED)) finalize(I, o);

    for (int c = 0; c < NCLASSES; c++) {
        GcPage **link = &h->pages[c];
        h->avail[c] = NULL;
        bool kept_empty = false;
        while (*link) {
            GcPage *p = *link;
            char *s = page_slots(p);
            Obj *free = NULL;
            uint32_t nfree = p->nslots - p->bump;
            for (uint32_t i = p->bump; i-- > 0;) {
                Obj *o = (Obj *)(s + (size_t)i * p->slot_size);
                if (o->gc_flags & GC_MARKED) {
                    o->gc_flags &= ~(GC_MARKED | GC_TRACED);
                } else {
                    o->gc_flags = 0;
                    *free_link(o) = free;
                    free = o;
                    nfree++;
                }
            }
            /* Keep one empty page per class to avoid churn; release the others. */
            if (nfree == p->nslots && kept_empty) {
                *link = p->next;
                I->bytes_allocated -= sizeof(GcPage) + (size_t)p->bump * p->slot_size;
                raw(I, p, p->bytes, 0);
                h->npages--;
                continue;
            }
            if (nfree == p->nslots) kept_empty = true;
            p->free = free;
            p->nfree = nfree;
            p->avail = nfree > 0;
            if (p->avail) {
                p->next_avail = h->avail[c];
                h->avail[c] = p;
            }
            link = &p->next;
        }
    }
    Obj **link = &h->large;
    while (*link) {
        Obj *o = *link;
        if (o->gc_flags & GC_MARKED) {
            o->gc_flags &= ~(GC_MARKED | GC_TRACED);
            link = large_next(o);
        } else {
            *link = *large_next(o);
            size_t total = *large_size(o);
            raw(I, (char *)o - LARGE_PREFIX, total, 0);
            I->bytes_allocated -= total;
        }
    }
}

void heap_free_all(Interp *I) {
    GcHeap *h = I->heap;
    if (!h) return;
    /* Finalize everything first, then free, so no finalizer sees freed memory. */
    heap_each_live(I, finalize);
    for (int c = 0; c < NCLASSES; c++) {
        GcPage *p = h->pages[c];
        while (p) {
            GcPage *next = p->next;
            I->bytes_allocated -= sizeof(GcPage) + (size_t)p->bump * p->slot_size;
            raw(I, p, p->bytes, 0);
            p = next;
        }
    }
    Obj *o = h->large;
    while (o) {
        Obj *next = *large_next(o);
        size_t total = *large_size(o);
        raw(I, (char *)o - LARGE_PREFIX, total, 0);
        I->bytes_allocated -= total;
        o = next;
    }
    raw(I, h, sizeof(GcHeap), 0);
    I->heap = NULL;
}
