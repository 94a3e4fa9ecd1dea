/* watchdog_test.c: the kernel watchdog (gpu/runtime/watchdog.c) against a stand-in driver,
 * so it runs on machines without a GPU: a stream that finishes after a few polls, one that
 * never finishes (a kernel that never ends), and what the state does after the timeout (the
 * wait fails within the timeout's reach with a clear message; every later call fails at
 * once without calling the driver; teardown does not wait for the kernel). The real device
 * is exercised by bench/gpu/run_fault_tests.sh on the H200. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../gpu/runtime/gpu.h"
#include "test_check.h"

/* The stand-in driver's state: the test is single-threaded, so the fake entry points reach
 * it through this one pointer, set before each use. */
typedef struct Fake {
    int busy_polls; /* queries answering NOT_READY before success; -1: forever */
    int queries, syncs, allocs;
} Fake;
static Fake *fake;

static CUresult fake_stream_query(CUstream s) {
    (void)s;
    fake->queries++;
    if (fake->busy_polls < 0) return CUDA_ERROR_NOT_READY;
    return fake->busy_polls-- > 0 ? CUDA_ERROR_NOT_READY : CUDA_SUCCESS;
}
static CUresult fake_event_query(CUevent e) {
    return fake_stream_query((CUstream)e);
}
static CUresult fake_sync_stream(CUstream s) {
    (void)s;
    fake->syncs++;
    return CUDA_SUCCESS;
}
static CUresult fake_sync_event(CUevent e) {
    return fake_sync_stream((CUstream)e);
}
static CUresult fake_sync_ctx(void) {
    fake->syncs++;
    return CUDA_SUCCESS;
}
static CUresult fake_alloc(CUdeviceptr *p, size_t n, CUstream s) {
    (void)s;
    fake->allocs++;
    *p = (CUdeviceptr)n;
    return CUDA_SUCCESS;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static GpuState *fake_state(double timeout) {
    kr_allocator al = {NULL, NULL};
    GpuState *G = gpu_state_new(al);
    CHECK(G);
    G->api.cuStreamQuery = fake_stream_query;
    G->api.cuEventQuery = fake_event_query;
    G->api.cuStreamSynchronize = fake_sync_stream;
    G->api.cuEventSynchronize = fake_sync_event;
    G->api.cuCtxSynchronize = fake_sync_ctx;
    G->api.cuMemAllocAsync = fake_alloc;
    G->device_state = 1; /* as after a start; the handles are never dereferenced */
    G->stream = (CUstream)(uintptr_t)0x1000;
    G->settings.kernel_timeout = timeout;
    return G;
}

int main(void) {
    Fake f = {0, 0, 0, 0};
    fake = &f;

    /* no timeout: the driver's blocking synchronize, no polling */
    GpuState *G = fake_state(0);
    CHECK(gpu_stream_synchronize(G, NULL) == 0 && f.syncs == 1 && f.queries == 0);
    CHECK(gpu_synchronize(G) == 0 && f.syncs == 2);
    G->device_state = 0; /* nothing to tear down */
    gpu_state_free(G);

    /* a kernel that finishes after 5 polls: the wait succeeds */
    f = (Fake){5, 0, 0, 0};
    G = fake_state(2.0);
    double t0 = now();
    CHECK(gpu_stream_synchronize(G, NULL) == 0);
    /* then one synchronize, which returns at once and flushes the kernels' device printf */
    CHECK(f.queries == 6 && f.syncs == 1 && now() - t0 < 1.0);
    f.busy_polls = 3;
    CHECK(gpu_synchronize(G) == 0 && f.syncs == 3); /* the default stream, then the context */

    /* a kernel that never ends: the wait fails after the timeout */
    f = (Fake){-1, 0, 0, 0};
    G->settings.kernel_timeout = 0.2;
    t0 = now();
    CHECK(gpu_stream_synchronize(G, NULL) == -1);
    double took = now() - t0;
    CHECK(took >= 0.2 && took < 1.5);
    CHECK(G->err_kind == GPU_ERR_KERNEL_FAULT && G->timed_out && G->device_state == -1);
    CHECK(strstr(G->err, "ran longer than the kernel timeout (0.2 s, KRAIT_KERNEL_TIMEOUT)"));
    CHECK(strstr(G->err, "in cuStreamSynchronize"));
    printf("watchdog: %s\n", G->err);

    /* afterwards every call fails at once with the same message, without the driver */
    int queries = f.queries;
    CUdeviceptr p;
    t0 = now();
    CHECK(gpu_mem_alloc(G, 64, NULL, &p) == -1 && f.allocs == 0);
    CHECK(strstr(G->err, "KRAIT_KERNEL_TIMEOUT"));
    CHECK(gpu_synchronize(G) == -1 && gpu_event_synchronize(G, (CUevent)G->stream) == -1);
    CHECK(f.queries == queries && f.syncs == 0 && now() - t0 < 0.1);

    /* teardown does not wait for the kernel */
    gpu_state_free(G);
    CHECK(f.queries == queries && f.syncs == 0);

    /* a device-wide wait watches the streams krait made, under one deadline */
    f = (Fake){-1, 0, 0, 0};
    G = fake_state(0.1);
    CHECK(gpu_synchronize(G) == -1 && strstr(G->err, "in cuCtxSynchronize"));
    gpu_state_free(G);
    printf("watchdog_test: ok\n");
    return 0;
}
