/* stream.c: streams, events, kernel launches and host callbacks. Handles passed in were
 * made by this state, so CUDA has started; creating ones start it. gpu_launch is on the
 * hot path of every array operation: one driver call and two compares (the profiler's
 * flag, then the result), nothing else. */
#include <string.h>

#include "profile.h"

/* The streams made here are listed (G->streams) so a device-wide wait under the kernel
 * watchdog can poll each (watchdog.c). */
int gpu_stream_create(GpuState *G, CUstream *out) {
    *out = NULL;
    if (gpu_ensure(G) < 0) return -1;
    if (G->nstreams == G->capstreams) {
        int ncap = G->capstreams ? G->capstreams * 2 : 8;
        CUstream *ns = gpu_host_realloc(G, G->streams, (size_t)G->capstreams * sizeof(CUstream),
                                        (size_t)ncap * sizeof(CUstream));
        if (!ns) return gpu_set_error(G, GPU_ERR_HOST_MEMORY, "cannot list a new stream");
        G->streams = ns;
        G->capstreams = ncap;
    }
    if (cuda_check(G, G->api.cuStreamCreate(out, CU_STREAM_NON_BLOCKING), "cuStreamCreate") < 0)
        return -1;
    G->streams[G->nstreams++] = *out;
    return 0;
}

int gpu_stream_destroy(GpuState *G, CUstream stream) {
    if (!stream || stream == G->stream) return 0; /* the default stream lives with G */
    for (int i = 0; i < G->nstreams; i++) {
        if (G->streams[i] == stream) {
            G->streams[i] = G->streams[--G->nstreams];
            break;
        }
    }
    if (G->device_state < 0) return 0; /* after a kernel timeout: the driver is not called */
    gpu_mem_cache_release(G, stream, false);
    return cuda_check(G, G->api.cuStreamDestroy(stream), "cuStreamDestroy");
}

int gpu_stream_synchronize(GpuState *G, CUstream stream) {
    return gpu_wait_stream(G, stream, "cuStreamSynchronize");
}

int gpu_stream_query(GpuState *G, CUstream stream) {
    if (gpu_ensure(G) < 0) return -1;
    if (gpu_capturing(G, stream)) return gpu_capture_refuse(G, "asking whether the GPU is done");
    CUresult r = G->api.cuStreamQuery(gpu_stream_or_default(G, stream));
    if (r == CUDA_ERROR_NOT_READY) return 0;
    return cuda_check(G, r, "cuStreamQuery") < 0 ? -1 : 1;
}

int gpu_stream_wait_event(GpuState *G, CUstream stream, CUevent event) {
    if (gpu_ensure(G) < 0) return -1;
    return cuda_check(G, G->api.cuStreamWaitEvent(gpu_stream_or_default(G, stream), event, 0),
                      "cuStreamWaitEvent");
}

int gpu_event_create(GpuState *G, bool timing, CUevent *out) {
    *out = NULL;
    if (gpu_ensure(G) < 0) return -1;
    /* Events used only for ordering skip the timestamp, which makes record and wait
     * cheaper. */
    unsigned flags = timing ? CU_EVENT_DEFAULT : CU_EVENT_DISABLE_TIMING;
    return cuda_check(G, G->api.cuEventCreate(out, flags), "cuEventCreate");
}

int gpu_event_destroy(GpuState *G, CUevent event) {
    if (!event) return 0;
    return cuda_check(G, G->api.cuEventDestroy(event), "cuEventDestroy");
}

int gpu_event_record(GpuState *G, CUevent event, CUstream stream) {
    return cuda_check(G, G->api.cuEventRecord(event, gpu_stream_or_default(G, stream)),
                      "cuEventRecord");
}

int gpu_event_synchronize(GpuState *G, CUevent event) {
    return gpu_wait_event(G, event, "cuEventSynchronize");
}

int gpu_event_query(GpuState *G, CUevent event) {
    CUresult r = G->api.cuEventQuery(event);
    if (r == CUDA_ERROR_NOT_READY) return 0;
    return cuda_check(G, r, "cuEventQuery") < 0 ? -1 : 1;
}

int gpu_event_elapsed_ms(GpuState *G, CUevent start, CUevent end, float *ms) {
    *ms = 0.0f;
    return cuda_check(G, G->api.cuEventElapsedTime(ms, start, end), "cuEventElapsedTime");
}

static int launch_profiled(GpuState *G, CUfunction f, const unsigned grid[3],
                           const unsigned block[3], unsigned shared_bytes, CUstream stream,
                           void **params) {
    GpuProfiler *p = G->prof;
    uint64_t bytes = p->next_bytes;
    double flops = p->next_flops;
    p->next_bytes = 0;
    p->next_flops = 0.0;
    GpuProfRecord *rec = gpu_prof_begin(G, GPU_PROF_KERNEL, gpu_func_name(G, f), stream);
    CUresult r =
        G->api.cuLaunchKernel(f, grid[0], grid[1], grid[2], block[0], block[1], block[2],
                              shared_bytes, gpu_stream_or_default(G, stream), params, NULL);
    if (rec) {
        memcpy(rec->grid, grid, sizeof rec->grid);
        memcpy(rec->block, block, sizeof rec->block);
        rec->bytes = bytes;
        rec->flops = flops;
        gpu_prof_end(G, rec, stream);
    }
    if (r == CUDA_SUCCESS) return 0;
    return cuda_check(G, r, "cuLaunchKernel");
}

int gpu_launch(GpuState *G, CUfunction f, const unsigned grid[3], const unsigned block[3],
               unsigned shared_bytes, CUstream stream, void **params) {
    if (G->prof) return launch_profiled(G, f, grid, block, shared_bytes, stream, params);
    if (G->capture) gpu_graph_note_node(G, stream);
    CUresult r =
        G->api.cuLaunchKernel(f, grid[0], grid[1], grid[2], block[0], block[1], block[2],
                              shared_bytes, gpu_stream_or_default(G, stream), params, NULL);
    if (r == CUDA_SUCCESS) return 0;
    return cuda_check(G, r, "cuLaunchKernel");
}

int gpu_launch_host_func(GpuState *G, CUstream stream, CUhostFn fn, void *user_data) {
    if (gpu_capturing(G, stream)) return gpu_capture_refuse(G, "awaiting GPU work");
    return cuda_check(G, G->api.cuLaunchHostFunc(gpu_stream_or_default(G, stream), fn, user_data),
                      "cuLaunchHostFunc");
}
