/* alloc_fail_shim.c: the C hosts of tests/embed under a failing allocator (issue 11, item 5).
 * Linked into each test's `_oom` variant with -Wl,--wrap=kr_new,--wrap=kr_free, so every
 * interpreter a test makes goes through an allocator that wraps the test's own (or the
 * default): counted across the process, failing every allocation from the Nth on when
 * KRAIT_TEST_FAIL_FROM=N is set. At each kr_free every byte must be back (else "leaked" and
 * abort); at exit the count is printed (tests/embed/alloc_fail_hosts.py samples N from it).
 * A test that stops at one of its own CHECKs because a call failed is fine (exit 1): what
 * must not happen is a crash, a sanitizer report or a leak. Test code, so process-wide
 * state and getenv are allowed here. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "krait.h"

kr_interp *__real_kr_new(const kr_config *cfg);
void __real_kr_free(kr_interp *I);
kr_interp *__wrap_kr_new(const kr_config *cfg);
void __wrap_kr_free(kr_interp *I);

typedef struct Shim {
    kr_allocator inner;
    atomic_size_t live;
    kr_interp *interp;
    struct Shim *next;
} Shim;

static atomic_llong shim_count;
static long long shim_from = -2; /* -2: not read yet; -1: never fail */
static Shim *shim_list;
static pthread_mutex_t shim_lock = PTHREAD_MUTEX_INITIALIZER;

static void *default_alloc(void *ud, void *ptr, size_t old_size, size_t new_size) {
    (void)ud;
    (void)old_size;
    if (new_size == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, new_size);
}

static void *shim_alloc(void *ud, void *ptr, size_t old_size, size_t new_size) {
    Shim *s = ud;
    if (new_size == 0) {
        s->inner.fn(s->inner.ud, ptr, old_size, 0);
        atomic_fetch_sub(&s->live, old_size);
        return NULL;
    }
    long long n = atomic_fetch_add(&shim_count, 1);
    if (shim_from >= 0 && n >= shim_from) return NULL;
    void *p = s->inner.fn(s->inner.ud, ptr, old_size, new_size);
    if (p) {
        atomic_fetch_add(&s->live, new_size);
        atomic_fetch_sub(&s->live, old_size);
    }
    return p;
}

static void shim_report(void) {
    fprintf(stderr, "alloc_fail_shim: %lld allocations\n", (long long)atomic_load(&shim_count));
}

kr_interp *__wrap_kr_new(const kr_config *cfg) {
    pthread_mutex_lock(&shim_lock);
    if (shim_from == -2) {
        const char *e = getenv("KRAIT_TEST_FAIL_FROM");
        shim_from = e ? atoll(e) : -1;
        atexit(shim_report);
    }
    pthread_mutex_unlock(&shim_lock);
    kr_config c;
    if (cfg && cfg->struct_size && cfg->struct_size != sizeof c)
        return __real_kr_new(cfg); /* a test of other config sizes: left as it is */
    if (cfg) {
        c = *cfg;
    } else {
        kr_config_init(&c);
    }
    Shim *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->inner = c.allocator.fn ? c.allocator : (kr_allocator){default_alloc, NULL};
    c.allocator.fn = shim_alloc;
    c.allocator.ud = s;
    kr_interp *I = __real_kr_new(&c);
    if (!I) {
        if (atomic_load(&s->live) != 0) {
            fprintf(stderr, "alloc_fail_shim: a failed kr_new leaked %zu bytes\n",
                    (size_t)atomic_load(&s->live));
            abort();
        }
        free(s);
        return NULL;
    }
    s->interp = I;
    pthread_mutex_lock(&shim_lock);
    s->next = shim_list;
    shim_list = s;
    pthread_mutex_unlock(&shim_lock);
    return I;
}

void __wrap_kr_free(kr_interp *I) {
    if (!I) return;
    pthread_mutex_lock(&shim_lock);
    Shim **link = &shim_list;
    while (*link && (*link)->interp != I)
        link = &(*link)->next;
    Shim *s = *link;
    if (s) *link = s->next;
    pthread_mutex_unlock(&shim_lock);
    __real_kr_free(I);
    if (!s) return; /* made with another config size */
    if (atomic_load(&s->live) != 0) {
        fprintf(stderr, "alloc_fail_shim: kr_free left %zu bytes\n", (size_t)atomic_load(&s->live));
        abort();
    }
    free(s);
}
