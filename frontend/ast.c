/* ast.c: the arena that holds a parse's AST nodes and strings.
 *
 * Nodes are carved from big blocks obtained through the arena's allocator callback (the
 * embedder's kr_alloc_fn); the compiler frees the whole arena at once when it is done, so
 * no node is ever freed individually. When no callback is set (parse_is_incomplete, the test
 * tool) the C library's allocator is used. */
#include "ast.h"

#include <stdlib.h>
#include <string.h>

enum { AST_BLOCK_SIZE = 64 * 1024 };

struct AstBlock {
    struct AstBlock *next;
    size_t size; /* bytes of data[] */
    max_align_t data[];
};

void *ast_raw_alloc(AstArena *a, void *ptr, size_t old_size, size_t new_size) {
    if (a->alloc) return a->alloc(a->alloc_ud, ptr, old_size, new_size);
    if (new_size == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, new_size);
}

void *ast_alloc(AstArena *a, size_t size) {
    size = (size + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);
    if (size == 0) size = sizeof(max_align_t);
    struct AstBlock *b = a->blocks;
    if (!b || a->used_in_block + size > b->size) {
        size_t data = size > AST_BLOCK_SIZE / 2 ? size : AST_BLOCK_SIZE;
        struct AstBlock *nb = ast_raw_alloc(a, NULL, 0, sizeof(struct AstBlock) + data);
        if (!nb) {
            a->failed = true;
            return NULL;
        }
        nb->size = data;
        /* A big one-off allocation goes behind the current block so the current block's
         * free space is not abandoned. */
        if (b && data != AST_BLOCK_SIZE) {
            nb->next = b->next;
            b->next = nb;
            memset(nb->data, 0, size);
            return nb->data;
        }
        nb->next = b;
        a->blocks = nb;
        a->used_in_block = 0;
        b = nb;
    }
    void *p = (char *)b->data + a->used_in_block;
    a->used_in_block += size;
    memset(p, 0, size);
    return p;
}

char *ast_strdup(AstArena *a, const char *s, size_t len) {
    char *p = ast_alloc(a, len + 1);
    if (!p) return NULL;
    if (len) memcpy(p, s, len);
    p[len] = 0;
    return p;
}

void ast_arena_free(AstArena *a) {
    struct AstBlock *b = a->blocks;
    while (b) {
        struct AstBlock *next = b->next;
        ast_raw_alloc(a, b, sizeof(struct AstBlock) + b->size, 0);
        b = next;
    }
    a->blocks = NULL;
    a->used_in_block = 0;
}
