/* kernel_cache.c: the specialization-key -> CUfunction map of kernel_cache.h. */
#include "gpu.h"

#include <string.h>

uint64_t kcache_hash(const void *key, size_t size) {
    const uint8_t *p = key;
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < size; i++) {
        h ^= p[i];
        h *= 0x100000001b3ull;
    }
    return h ? h : 1; /* 0 marks an empty slot */
}

CUfunction kcache_find(GpuState *G, const void *key, size_t size, uint64_t hash) {
    KernelCache *kc = &G->kernels;
    if (!kc->cap) return NULL;
    size_t mask = kc->cap - 1;
    for (size_t i = (size_t)hash & mask;; i = (i + 1) & mask) {
        KernelCacheEntry *e = &kc->slots[i];
        if (!e->hash) return NULL;
        if (e->hash == hash && e->key_size == size && memcmp(e->key, key, size) == 0) {
            kc->hits++;
            return e->function;
        }
    }
}

static void kcache_place(KernelCacheEntry *slots, size_t cap, KernelCacheEntry e) {
    size_t mask = cap - 1;
    size_t i = (size_t)e.hash & mask;
    while (slots[i].hash)
        i = (i + 1) & mask;
    slots[i] = e;
}

int kcache_insert(GpuState *G, const void *key, size_t size, uint64_t hash, CUfunction f) {
    KernelCache *kc = &G->kernels;
    kc->misses++;
    if ((kc->count + 1) * 2 > kc->cap) {
        size_t ncap = kc->cap ? kc->cap * 2 : 64;
        KernelCacheEntry *ns = gpu_host_alloc(G, ncap * sizeof *ns);
        if (!ns) return -1;
        memset(ns, 0, ncap * sizeof *ns);
        for (size_t i = 0; i < kc->cap; i++)
            if (kc->slots[i].hash) kcache_place(ns, ncap, kc->slots[i]);
        gpu_host_free(G, kc->slots, kc->cap * sizeof *kc->slots);
        kc->slots = ns;
        kc->cap = ncap;
    }
    uint8_t *copy = gpu_host_alloc(G, size ? size : 1);
    if (!copy) return -1;
    memcpy(copy, key, size);
    KernelCacheEntry e = {hash, copy, size, f};
    kcache_place(kc->slots, kc->cap, e);
    kc->count++;
    return 0;
}

void kcache_free(GpuState *G) {
    KernelCache *kc = &G->kernels;
    if (kc->lt_free) kc->lt_free(G); /* before the map that holds its plans */
    if (kc->la_free) kc->la_free(G);
    if (kc->host_sort_free) kc->host_sort_free(G);
    if (kc->interp_free) kc->interp_free(G);
    for (size_t i = 0; i < kc->cap; i++)
        if (kc->slots[i].hash) gpu_host_free(G, kc->slots[i].key, kc->slots[i].key_size);
    gpu_host_free(G, kc->slots, kc->cap * sizeof *kc->slots);
    kc->slots = NULL;
    kc->cap = kc->count = 0;
}
