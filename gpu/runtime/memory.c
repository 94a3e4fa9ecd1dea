/* memory.c: device memory from the driver's stream-ordered pool, and copies between host
 * and device. Every function takes a stream (NULL: krait's default stream) because the
 * pool is stream-ordered: a block freed on a stream is reused by later work on that stream
 * at once, and by other streams once the free has completed. */
#include "gpu.h"
#include "profile.h"

/* The small-block class of a size (its blocks are 256 << class bytes), -1 above 1 MiB. */
static int mem_class(size_t bytes) {
    if (bytes > ((size_t)256 << (GPU_MEMCACHE_CLASSES - 1))) return -1;
    int c = 0;
    while (((size_t)256 << c) < bytes)
        c++;
    return c;
}

void gpu_mem_cache_release(GpuState *G, CUstream stream, bool all) {
    for (int c = 0; c < GPU_MEMCACHE_CLASSES; c++) {
        int keep = 0;
        for (int i = 0; i < G->memcache[c].n; i++) {
            /* a free on the captured stream would be recorded into the graph */
            bool held = gpu_capturing(G, G->memcache[c].stream[i]);
            if (!held && (all || G->memcache[c].stream[i] == stream)) {
                /* errors ignored: after a fault the context is gone and so is the memory */
                if (G->device_state > 0)
                    G->api.cuMemFreeAsync(G->memcache[c].ptr[i], G->memcache[c].stream[i]);
                continue;
            }
            G->memcache[c].ptr[keep] = G->memcache[c].ptr[i];
            G->memcache[c].stream[keep++] = G->memcache[c].stream[i];
        }
        G->memcache[c].n = keep;
    }
}

int gpu_mem_alloc(GpuState *G, size_t bytes, CUstream stream, CUdeviceptr *out) {
    *out = 0;
    if (gpu_ensure(G) < 0) return -1;
    /* Zero-size arrays exist (NumPy allows them); the driver rejects a zero-byte request. */
    if (bytes == 0) return 0;
    CUstream s = gpu_stream_or_default(G, stream);
    bool capturing = gpu_capturing(G, s);
    int c = mem_class(bytes);
    if (c >= 0) {
        for (int i = G->memcache[c].n - 1; i >= 0; i--) {
            if (G->memcache[c].stream[i] != s) continue;
            *out = G->memcache[c].ptr[i];
            int last = --G->memcache[c].n;
            G->memcache[c].ptr[i] = G->memcache[c].ptr[last];
            G->memcache[c].stream[i] = G->memcache[c].stream[last];
            G->device_bytes += bytes;
            if (capturing) gpu_graph_note_alloc(G, *out, bytes, s);
            return 0;
        }
    }
    size_t real = c >= 0 ? (size_t)256 << c : bytes;
    if (capturing) {
        /* An allocation on the captured stream would become the graph's own node, memory
         * that exists only while a replay runs: take real memory from the side stream. */
        CUresult r = G->api.cuMemAllocAsync(out, real, G->capture_side);
        if (r == CUDA_SUCCESS) r = G->api.cuStreamSynchronize(G->capture_side);
        if (r == CUDA_ERROR_OUT_OF_MEMORY) {
            G->oom_requested = bytes;
            G->oom_free = 0;
        }
        if (cuda_check(G, r, "cuMemAllocAsync") < 0) {
            *out = 0;
            return -1;
        }
        G->device_bytes += bytes;
        gpu_graph_note_alloc(G, *out, bytes, s);
        return 0;
    }
    CUresult r = G->api.cuMemAllocAsync(out, real, s);
    if (r == CUDA_ERROR_OUT_OF_MEMORY) {
        gpu_mem_cache_release(G, NULL, true);
        /* Blocks freed on other streams return to the pool only when those frees complete:
         * wait for them and try once more before reporting. */
        if (G->settings.kernel_timeout > 0) {
            if (gpu_wait_device(G, "cuMemAllocAsync") < 0) return -1;
        } else {
            G->api.cuCtxSynchronize();
        }
        r = G->api.cuMemAllocAsync(out, real, s);
    }
    if (r == CUDA_ERROR_OUT_OF_MEMORY) {
        size_t free_bytes = 0, total_bytes = 0;
        G->api.cuMemGetInfo(&free_bytes, &total_bytes);
        G->oom_requested = bytes;
        G->oom_free = free_bytes;
    }
    if (cuda_check(G, r, "cuMemAllocAsync") < 0) {
        *out = 0;
        return -1;
    }
    G->device_bytes += bytes;
    if (G->device_bytes > G->device_high) G->device_high = G->device_bytes;
    return 0;
}

int gpu_mem_free(GpuState *G, CUdeviceptr ptr, size_t bytes, CUstream stream) {
    if (ptr == 0) return 0;
    CUstream s = gpu_stream_or_default(G, stream);
    /* a block a graph uses (or any, during a capture) goes when the graph goes */
    if ((G->capture || G->graphs) && gpu_graph_defer_free(G, ptr, bytes, s)) return 0;
    G->device_bytes -= bytes <= G->device_bytes ? bytes : G->device_bytes;
    int c = mem_class(bytes);
    if (c >= 0 && G->memcache[c].n < GPU_MEMCACHE_DEPTH && G->device_state > 0) {
        G->memcache[c].ptr[G->memcache[c].n] = ptr;
        G->memcache[c].stream[G->memcache[c].n++] = s;
        return 0;
    }
    return cuda_check(G, G->api.cuMemFreeAsync(ptr, s), "cuMemFreeAsync");
}

int gpu_mem_trim(GpuState *G, size_t keep_bytes) {
    if (gpu_ensure(G) < 0) return -1;
    gpu_mem_cache_release(G, NULL, true);
    /* Trimming releases only blocks whose frees have completed. */
    if (gpu_wait_device(G, "cuCtxSynchronize") < 0) return -1;
    G->device_high = G->device_bytes > keep_bytes ? G->device_bytes : keep_bytes;
    return cuda_check(G, G->api.cuMemPoolTrimTo(G->pool, keep_bytes), "cuMemPoolTrimTo");
}

int gpu_mem_info(GpuState *G, size_t *free_bytes, size_t *total_bytes) {
    if (gpu_ensure(G) < 0) return -1;
    return cuda_check(G, G->api.cuMemGetInfo(free_bytes, total_bytes), "cuMemGetInfo");
}

int gpu_pool_usage(GpuState *G, uint64_t *used_bytes, uint64_t *reserved_bytes) {
    if (gpu_ensure(G) < 0) return -1;
    if (cuda_check(
            G, G->api.cuMemPoolGetAttribute(G->pool, CU_MEMPOOL_ATTR_USED_MEM_CURRENT, used_bytes),
            "cuMemPoolGetAttribute") < 0)
        return -1;
    return cuda_check(
        G,
        G->api.cuMemPoolGetAttribute(G->pool, CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT, reserved_bytes),
        "cuMemPoolGetAttribute");
}

/* A copy under the profiler: copy_begin before the driver call (NULL when no profile runs),
 * copy_end after it, passed the call's result, which it returns. */
static GpuProfRecord *copy_begin(GpuState *G, int kind, size_t bytes, CUstream s) {
    GpuProfRecord *rec = G->prof ? gpu_prof_begin(G, kind, NULL, s) : NULL;
    if (rec) rec->bytes = bytes;
    return rec;
}

static CUresult copy_end(GpuState *G, GpuProfRecord *rec, CUstream s, CUresult r) {
    if (rec) gpu_prof_end(G, rec, s);
    return r;
}

int gpu_copy_to_device(GpuState *G, CUdeviceptr dst, const void *src, size_t bytes,
                       CUstream stream) {
    if (bytes == 0) return 0;
    if (gpu_ensure(G) < 0) return -1;
    CUstream s = gpu_stream_or_default(G, stream);
    G->bytes_to_device += bytes;
    if (gpu_capturing(G, s)) {
        /* An array's first upload during a capture: now, beside it (a recorded copy would
         * read the host memory again at each replay; pageable memory cannot be recorded).
         * Safe beside the captured stream: gpu_graph_begin waited for its earlier work. */
        CUresult r = G->api.cuMemcpyHtoDAsync(dst, src, bytes, G->capture_side);
        if (r == CUDA_SUCCESS) r = G->api.cuStreamSynchronize(G->capture_side);
        return cuda_check(G, r, "cuMemcpyHtoDAsync");
    }
    GpuProfRecord *rec = copy_begin(G, GPU_PROF_COPY_HTOD, bytes, s);
    return cuda_check(G, copy_end(G, rec, s, G->api.cuMemcpyHtoDAsync(dst, src, bytes, s)),
                      "cuMemcpyHtoDAsync");
}

int gpu_copy_to_host(GpuState *G, void *dst, CUdeviceptr src, size_t bytes, CUstream stream) {
    if (bytes == 0) return 0;
    if (gpu_ensure(G) < 0) return -1;
    if (gpu_capturing(G, stream)) return gpu_capture_refuse(G, "reading array values");
    G->bytes_to_host += bytes;
    /* A copy into pageable memory blocks until the stream's earlier work is done: under the
     * watchdog that wait comes first, with the timeout. */
    if (G->settings.kernel_timeout > 0 && gpu_wait_stream(G, stream, "cuMemcpyDtoHAsync") < 0)
        return -1;
    CUstream s = gpu_stream_or_default(G, stream);
    GpuProfRecord *rec = copy_begin(G, GPU_PROF_COPY_DTOH, bytes, s);
    return cuda_check(G, copy_end(G, rec, s, G->api.cuMemcpyDtoHAsync(dst, src, bytes, s)),
                      "cuMemcpyDtoHAsync");
}

int gpu_copy_on_device(GpuState *G, CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                       CUstream stream) {
    if (bytes == 0) return 0;
    if (gpu_ensure(G) < 0) return -1;
    CUstream s = gpu_stream_or_default(G, stream);
    if (G->capture) gpu_graph_note_node(G, s);
    GpuProfRecord *rec = copy_begin(G, GPU_PROF_COPY_DTOD, bytes, s);
    return cuda_check(G, copy_end(G, rec, s, G->api.cuMemcpyDtoDAsync(dst, src, bytes, s)),
                      "cuMemcpyDtoDAsync");
}

int gpu_memset8(GpuState *G, CUdeviceptr dst, uint8_t value, size_t count, CUstream stream) {
    if (count == 0) return 0;
    if (gpu_ensure(G) < 0) return -1;
    if (G->capture) gpu_graph_note_node(G, stream);
    return cuda_check(G,
                      G->api.cuMemsetD8Async(dst, value, count, gpu_stream_or_default(G, stream)),
                      "cuMemsetD8Async");
}

int gpu_memset32(GpuState *G, CUdeviceptr dst, uint32_t value, size_t count, CUstream stream) {
    if (count == 0) return 0;
    if (gpu_ensure(G) < 0) return -1;
    if (G->capture) gpu_graph_note_node(G, stream);
    return cuda_check(G,
                      G->api.cuMemsetD32Async(dst, value, count, gpu_stream_or_default(G, stream)),
                      "cuMemsetD32Async");
}
