/* peer.c: several devices in one process: the device count and copies between two devices'
 * memory (each device has its own GpuState: gpu.h's "Several devices"). A copy is ordered
 * after the source stream's work and before its later work by two events, so neither the
 * copy reads a buffer still being written nor a free of the source overtakes the copy. */
#include "cuda_mock.h"
#include "gpu.h"

#include <string.h>

int gpu_device_count(GpuState *G) {
    if (G->mock || cuda_mock_requested(G)) return cuda_mock_device_count(G);
    if (gpu_ensure(G) < 0) return -1;
    int n = 0;
    if (cuda_check(G, G->api.cuDeviceGetCount(&n), "cuDeviceGetCount") < 0) return -1;
    return n > GPU_MAX_DEVICES ? GPU_MAX_DEVICES : n;
}

/* S's error (a failed call in S's context) reported on D, where the caller looks. */
static int peer_failed(GpuState *D, GpuState *S) {
    if (S != D) {
        D->err_kind = S->err_kind;
        D->err_cuda = S->err_cuda;
        memcpy(D->err, S->err, sizeof D->err);
    }
    return -1;
}

/* Map S's memory into D's context once, where the devices can reach each other directly. */
static void peer_enable(GpuState *D, GpuState *S) {
    uint32_t bit = 1u << S->ordinal;
    if (D->peer_tried & bit) return;
    D->peer_tried |= bit;
    int can = 0;
    if (!D->api.cuDeviceCanAccessPeer || !D->api.cuCtxEnablePeerAccess ||
        D->api.cuDeviceCanAccessPeer(&can, D->device, S->device) != CUDA_SUCCESS || !can)
        return;
    (void)D->api.cuCtxEnablePeerAccess(S->context, 0); /* 704: already enabled */
}

int gpu_copy_peer(GpuState *D, CUdeviceptr dst, CUstream dstream, GpuState *S, CUdeviceptr src,
                  CUstream sstream, size_t bytes) {
    if (bytes == 0) return 0;
    if (gpu_ensure(D) < 0) return -1;
    if (gpu_ensure(S) < 0) return peer_failed(D, S);
    if (D == S) return gpu_copy_on_device(D, dst, src, bytes, dstream);
    if (!D->api.cuMemcpyPeerAsync)
        return gpu_set_error(D, GPU_ERR_CUDA, "the CUDA driver lacks cuMemcpyPeerAsync");
    if (D->capture || S->capture) return gpu_capture_refuse(D, "a copy between devices");
    CUstream ds = gpu_stream_or_default(D, dstream), ss = gpu_stream_or_default(S, sstream);
    CUevent ready = NULL, done = NULL;
    /* the source's work so far, then the copy on the destination's stream */
    if (gpu_make_current(S) < 0 || gpu_event_create(S, false, &ready) < 0 ||
        gpu_event_record(S, ready, ss) < 0)
        goto s_failed;
    if (gpu_make_current(D) < 0) goto d_failed;
    peer_enable(D, S);
    if (gpu_stream_wait_event(D, ds, ready) < 0 ||
        cuda_check(D, D->api.cuMemcpyPeerAsync(dst, D->context, src, S->context, bytes, ds),
                   "cuMemcpyPeerAsync") < 0 ||
        gpu_event_create(D, false, &done) < 0 || gpu_event_record(D, done, ds) < 0)
        goto d_failed;
    /* the source's later work (its free) after the copy */
    if (gpu_make_current(S) < 0 || gpu_stream_wait_event(S, ss, done) < 0) goto s_failed;
    gpu_event_destroy(S, ready);
    if (gpu_make_current(D) < 0) return -1;
    gpu_event_destroy(D, done); /* released once reached */
    D->bytes_peer += bytes;
    return 0;
s_failed:
    peer_failed(D, S);
d_failed:
    if (ready) {
        S->api.cuCtxSetCurrent(S->context);
        gpu_event_destroy(S, ready);
    }
    D->api.cuCtxSetCurrent(D->context);
    if (done) gpu_event_destroy(D, done);
    return -1;
}
