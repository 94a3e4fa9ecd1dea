/* watchdog.c: every wait for the device, with the kernel timeout (settings.kernel_timeout,
 * the CLI's KRAIT_KERNEL_TIMEOUT) applied: see gpu.h. Without a timeout a wait is the
 * driver's blocking synchronize; with one it polls cuStreamQuery / cuEventQuery, sleeping
 * a little longer each time (20 us up to 1 ms, so a short kernel costs little latency and a
 * long one little CPU), until the work is done or the deadline passes. The timeout counts
 * from the start of the wait, not of the kernel: it bounds how long the host is held. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "gpu.h"

static double wd_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The state is dead from now on: the kernel still runs, and nothing may wait for it again
 * (gpu_state_free skips its synchronize and unloads when device_state is not 1). */
static int wd_expired(GpuState *G, const char *where) {
    G->timed_out = true;
    G->context_faulted = true;
    gpu_set_error(G, GPU_ERR_KERNEL_FAULT,
                  "a GPU kernel ran longer than the kernel timeout (%g s, KRAIT_KERNEL_TIMEOUT) "
                  "in %s; it keeps the device, and the GPU of this interpreter is unusable "
                  "from now on (GPU arrays are lost; restart to use the GPU again)",
                  G->settings.kernel_timeout, where);
    G->device_state = -1;
    G->init_error_kind = GPU_ERR_KERNEL_FAULT;
    snprintf(G->init_error, sizeof G->init_error, "%s", G->err);
    return -1;
}

/* Poll the stream or event until the driver stops answering CUDA_ERROR_NOT_READY, or the
 * deadline passes. */
static int wd_wait(GpuState *G, CUstream stream, CUevent event, double deadline,
                   const char *where) {
    long sleep_ns = 20000;
    for (;;) {
        CUresult r = event ? G->api.cuEventQuery(event) : G->api.cuStreamQuery(stream);
        if (r == CUDA_SUCCESS)
            /* The work is done, so this returns at once; only a synchronize (not a query)
             * flushes the kernels' device printf, and their lines must come out before the
             * host's next print, as they do without the watchdog. */
            r = event ? G->api.cuEventSynchronize(event) : G->api.cuStreamSynchronize(stream);
        if (r != CUDA_ERROR_NOT_READY) return cuda_check(G, r, where);
        if (wd_now() >= deadline) return wd_expired(G, where);
        struct timespec ts = {0, sleep_ns};
        nanosleep(&ts, NULL);
        if (sleep_ns < 1000000) sleep_ns *= 2;
    }
}

int gpu_wait_stream(GpuState *G, CUstream stream, const char *where) {
    if (gpu_ensure(G) < 0) return -1;
    CUstream s = gpu_stream_or_default(G, stream);
    if (gpu_capturing(G, s)) return gpu_capture_refuse(G, "waiting for the GPU");
    if (G->settings.kernel_timeout <= 0) return cuda_check(G, G->api.cuStreamSynchronize(s), where);
    return wd_wait(G, s, NULL, wd_now() + G->settings.kernel_timeout, where);
}

int gpu_wait_event(GpuState *G, CUevent event, const char *where) {
    if (gpu_ensure(G) < 0) return -1;
    if (G->settings.kernel_timeout <= 0)
        return cuda_check(G, G->api.cuEventSynchronize(event), where);
    return wd_wait(G, NULL, event, wd_now() + G->settings.kernel_timeout, where);
}

int gpu_wait_device(GpuState *G, const char *where) {
    if (gpu_ensure(G) < 0) return -1;
    if (G->capture) return gpu_capture_refuse(G, "waiting for the GPU");
    if (G->settings.kernel_timeout > 0) {
        /* The streams krait knows about first, under one deadline; then the context
         * synchronize finds the rest already done (a stream made outside krait, a DLPack
         * producer's, is not watched). */
        double deadline = wd_now() + G->settings.kernel_timeout;
        if (wd_wait(G, G->stream, NULL, deadline, where) < 0) return -1;
        for (int i = 0; i < G->nstreams; i++)
            if (wd_wait(G, G->streams[i], NULL, deadline, where) < 0) return -1;
    } else if (G->mock_async) {
        /* the asynchronous mock's context synchronize cannot see its streams */
        if (cuda_check(G, G->api.cuStreamSynchronize(G->stream), where) < 0) return -1;
        for (int i = 0; i < G->nstreams; i++)
            if (cuda_check(G, G->api.cuStreamSynchronize(G->streams[i]), where) < 0) return -1;
    }
    return cuda_check(G, G->api.cuCtxSynchronize(), where);
}
