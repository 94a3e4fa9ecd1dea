/* tile_test_support.h: what the tile unit tests (tests/tile_ir, tile_interp, tile_lower)
 * share: the plain allocator the tile IR and interpreter take, and a bounded text sink for
 * the IR printer and ct.printf output. Header-only: each test is one C file. */
#ifndef KRAIT_TILE_TEST_SUPPORT_H
#define KRAIT_TILE_TEST_SUPPORT_H

#include <stdlib.h>
#include <string.h>

static inline void *test_alloc(void *ud, void *ptr, size_t old_size, size_t new_size) {
    (void)ud;
    (void)old_size;
    if (!new_size) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, new_size);
}

typedef struct Text {
    char buf[8192];
    size_t len;
} Text;

/* Appends, truncating at the buffer's end so a runaway printer cannot overflow it. */
static inline void text_write(void *ud, const char *s, size_t n) {
    Text *t = ud;
    if (t->len + n >= sizeof t->buf) n = sizeof t->buf - 1 - t->len;
    memcpy(t->buf + t->len, s, n);
    t->len += n;
    t->buf[t->len] = 0;
}

#endif
