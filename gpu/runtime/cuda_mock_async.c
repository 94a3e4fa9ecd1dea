/* cuda_mock_async.c: the asynchronous mock device (settings.device "mock-async", the CLI's
 * KRAIT_DEVICE=mock-async), for testing code that waits for the GPU (asyncio's GPU waits,
 * docs/ASYNC.md) without one. It is the mock of cuda_mock.c with time added: a kernel's data
 * is still computed during cuLaunchKernel, but the launch "finishes" later, so events and
 * streams report CUDA_ERROR_NOT_READY until then, synchronizing sleeps until then, and a
 * host function runs on a thread of its own when the stream reaches it, as the driver's
 * callback thread runs it. So a wait that arms its callback after the work completed, or a
 * callback that races the loop, behaves here as on a GPU.
 *
 * Each stream keeps the time its queued work finishes (ready); a launch adds a duration
 * drawn from the stream's own deterministic sequence (0-400 us, every 8th launch 3 ms), so
 * short waits end inside the loop's spin and long ones outlast it. Nothing is global: the
 * state lives in the stream and event objects. Limits: cuCtxSynchronize cannot see the
 * streams (the driver's functions take no context), so gpu_wait_device synchronizes the
 * streams the state lists when G->mock_async; a host function may run a few microseconds
 * after a cuStreamSynchronize of its stream returned. */
#include "cuda_mock.h"
#include "gpu.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

typedef struct MockStream {
    CudaMockStreamHead head; /* never capturing: this mock offers no graphs */
    double ready;            /* seconds (CLOCK_MONOTONIC) when the work queued so far is done */
    unsigned seq;            /* launches so far: the duration sequence */
} MockStream;

typedef CudaMockEvent MockAsyncEvent; /* events are the mock's own (cuda_mock.h) */

static double mock_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void mock_sleep_until(double t) {
    struct timespec ts = {(time_t)t, (long)((t - (double)(time_t)t) * 1e9)};
    if (ts.tv_nsec >= 1000000000L) ts.tv_nsec = 999999999L;
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) {
    }
}

static double mock_max(double a, double b) {
    return a > b ? a : b;
}

static CUresult async_stream_create(CUstream *stream, unsigned int flags) {
    (void)flags;
    MockStream *s = calloc(1, sizeof *s);
    *stream = (CUstream)(void *)s;
    return s ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

static CUresult async_stream_destroy(CUstream stream) {
    free(stream);
    return CUDA_SUCCESS;
}

static CUresult async_stream_sync(CUstream stream) {
    mock_sleep_until(((MockStream *)(void *)stream)->ready);
    return CUDA_SUCCESS;
}

static CUresult async_stream_query(CUstream stream) {
    return mock_now() >= ((MockStream *)(void *)stream)->ready ? CUDA_SUCCESS
                                                               : CUDA_ERROR_NOT_READY;
}

static CUresult async_stream_wait_event(CUstream stream, CUevent event, unsigned int flags) {
    (void)flags;
    MockStream *s = (MockStream *)(void *)stream;
    s->ready = mock_max(s->ready, ((MockAsyncEvent *)(void *)event)->done);
    return CUDA_SUCCESS;
}

static CUresult async_event_record(CUevent event, CUstream stream) {
    MockAsyncEvent *e = (MockAsyncEvent *)(void *)event;
    e->done = mock_max(((MockStream *)(void *)stream)->ready, mock_now());
    e->ms = e->done * 1e3;
    return CUDA_SUCCESS;
}

static CUresult async_event_sync(CUevent event) {
    mock_sleep_until(((MockAsyncEvent *)(void *)event)->done);
    return CUDA_SUCCESS;
}

static CUresult async_event_query(CUevent event) {
    return mock_now() >= ((MockAsyncEvent *)(void *)event)->done ? CUDA_SUCCESS
                                                                 : CUDA_ERROR_NOT_READY;
}

/* The n-th launch's duration on a stream, in seconds: a multiplicative hash of n spread
 * over 0-400 us, every 8th launch 3 ms. */
static double launch_duration(unsigned n) {
    if (n % 8 == 7) return 3e-3;
    return (double)((n * 2654435761u) >> 16 & 0xffff) / 65536.0 * 400e-6;
}

static CUresult async_launch(CUfunction f, unsigned int gx, unsigned int gy, unsigned int gz,
                             unsigned int bx, unsigned int by, unsigned int bz, unsigned int shared,
                             CUstream stream, void **params, void **extra) {
    (void)shared, (void)extra;
    const CudaMockFunction *m = (const CudaMockFunction *)(const void *)f;
    unsigned grid[3] = {gx, gy, gz}, block[3] = {bx, by, bz};
    CUresult r = m && m->run ? m->run(m, grid, block, params) : MOCK_NOT_SUPPORTED;
    MockStream *s = (MockStream *)(void *)stream;
    s->ready = mock_max(s->ready, mock_now()) + launch_duration(s->seq++);
    return r;
}

typedef struct HostCall {
    CUhostFn fn;
    void *ud;
    double at;
} HostCall;

static void *host_call_thread(void *arg) {
    HostCall hc = *(HostCall *)arg;
    free(arg);
    mock_sleep_until(hc.at);
    hc.fn(hc.ud);
    return NULL;
}

/* The driver runs a host function on its own thread once the stream reaches it. */
static CUresult async_host_func(CUstream stream, CUhostFn fn, void *user_data) {
    MockStream *s = (MockStream *)(void *)stream;
    HostCall *hc = malloc(sizeof *hc);
    if (!hc) return CUDA_ERROR_OUT_OF_MEMORY;
    *hc = (HostCall){fn, user_data, mock_max(s->ready, mock_now())};
    pthread_attr_t attr;
    pthread_t t;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    int rc = pthread_create(&t, &attr, host_call_thread, hc);
    pthread_attr_destroy(&attr);
    if (rc != 0) {
        free(hc);
        return CUDA_ERROR_OUT_OF_MEMORY;
    }
    return CUDA_SUCCESS;
}

void cuda_mock_async_functions(GpuState *G) {
    CudaApi *a = &G->api;
    a->cuStreamCreate = async_stream_create;
    a->cuStreamDestroy = async_stream_destroy;
    a->cuStreamSynchronize = async_stream_sync;
    a->cuStreamQuery = async_stream_query;
    a->cuStreamWaitEvent = async_stream_wait_event;
    a->cuEventRecord = async_event_record;
    a->cuEventSynchronize = async_event_sync;
    a->cuEventQuery = async_event_query;
    a->cuLaunchKernel = async_launch;
    a->cuLaunchHostFunc = async_host_func;
    /* no CUDA graphs here: its launches run at once, which a capture must not do */
    a->cuStreamBeginCapture = NULL;
    a->cuStreamEndCapture = NULL;
    a->cuGraphInstantiateWithFlags = NULL;
    a->cuGraphLaunch = NULL;
    a->cuGraphExecDestroy = NULL;
    a->cuGraphDestroy = NULL;
    G->mock_async = true;
}
