/* nccl.h: NCCL, the collectives between the GPUs of one process (gpu.distributed's
 * Communicator on CUDA), reached through dlopen as cuBLASLt is: krait neither links against
 * libnccl nor includes its header, so the types and constants below are nccl.h's stable C
 * ABI (NCCL 2.x). The library is loaded at the first communicator, on the home state
 * (device 0's, gpu.h "Several devices"): settings.nccl_path first (KRAIT_NCCL), then
 * libnccl.so.2, libnccl.so and the CUDA toolkit's lib64. A communicator spans devices of
 * this process, one rank each (ncclCommInitAll); each rank's work goes on its device's
 * stream, so a collective is ordered after the work queued there before it and is as
 * asynchronous as a kernel launch. NCCL switches the thread's current device inside its
 * calls: every entry point here restores the context that was current. The MPI path
 * (ncclGetUniqueId + ncclCommInitRank across processes) is not built (docs/GPU.md). */
#ifndef KRAIT_GPU_NCCL_H
#define KRAIT_GPU_NCCL_H

#include <stdbool.h>
#include <stddef.h>

#include "cuda.h"

typedef struct ncclComm *ncclComm_t;

/* ncclDataType_t and ncclRedOp_t values. */
enum {
    GPU_NCCL_INT8 = 0,
    GPU_NCCL_UINT8 = 1,
    GPU_NCCL_INT32 = 2,
    GPU_NCCL_UINT32 = 3,
    GPU_NCCL_INT64 = 4,
    GPU_NCCL_UINT64 = 5,
    GPU_NCCL_FLOAT16 = 6,
    GPU_NCCL_FLOAT32 = 7,
    GPU_NCCL_FLOAT64 = 8,
    GPU_NCCL_BFLOAT16 = 9,
};
enum { GPU_NCCL_SUM = 0, GPU_NCCL_PROD = 1, GPU_NCCL_MAX = 2, GPU_NCCL_MIN = 3, GPU_NCCL_AVG = 4 };

/* The collectives gpu_nccl_run queues (one call per rank inside a group). */
enum {
    GPU_COLL_ALL_REDUCE,     /* recv[i] = op over ranks of send (count elements each) */
    GPU_COLL_BROADCAST,      /* recv[i] = send[root] */
    GPU_COLL_REDUCE,         /* recv[root] = op over ranks of send */
    GPU_COLL_ALL_GATHER,     /* recv[i] = send[0] .. send[n-1] (count each, n * count) */
    GPU_COLL_REDUCE_SCATTER, /* recv[i] = block i (count) of op over ranks of send (n * count) */
};

struct GpuState;

typedef struct GpuComm {
    struct GpuComm *next; /* the home's list (GpuNccl.comms) */
    int n;
    int devs[16];
    ncclComm_t comms[16];
} GpuComm;

typedef struct GpuNccl {
    void *lib;
    int state; /* 0 not tried, 1 loaded, -1 failed (error says why) */
    char error[512];
    int version; /* 22809 for 2.28.9 */
    int (*ncclGetVersion)(int *version);
    const char *(*ncclGetErrorString)(int result);
    int (*ncclCommInitAll)(ncclComm_t *comms, int ndev, const int *devlist);
    int (*ncclCommDestroy)(ncclComm_t comm);
    int (*ncclGroupStart)(void);
    int (*ncclGroupEnd)(void);
    int (*ncclAllReduce)(const void *send, void *recv, size_t count, int dt, int op,
                         ncclComm_t comm, CUstream stream);
    int (*ncclBroadcast)(const void *send, void *recv, size_t count, int dt, int root,
                         ncclComm_t comm, CUstream stream);
    int (*ncclReduce)(const void *send, void *recv, size_t count, int dt, int op, int root,
                      ncclComm_t comm, CUstream stream);
    int (*ncclAllGather)(const void *send, void *recv, size_t sendcount, int dt, ncclComm_t comm,
                         CUstream stream);
    int (*ncclReduceScatter)(const void *send, void *recv, size_t recvcount, int dt, int op,
                             ncclComm_t comm, CUstream stream);
    int (*ncclSend)(const void *buf, size_t count, int dt, int peer, ncclComm_t comm,
                    CUstream stream);
    int (*ncclRecv)(void *buf, size_t count, int dt, int peer, ncclComm_t comm, CUstream stream);
    GpuComm *comms;
} GpuNccl;

/* Load NCCL on G's home (once; a failure is remembered). 0, or -1 with G's error set
 * (GPU_ERR_CUDA): "NCCL not found (...): set KRAIT_NCCL to libnccl.so.2's path". */
int gpu_nccl_load(struct GpuState *G);
/* A communicator of the n devices devs (distinct, started), rank i on devs[i]; NULL with G's
 * error set. */
GpuComm *gpu_nccl_comm_new(struct GpuState *G, int n, const int *devs);
/* Whether c is a live communicator of G's home (a handle from Python is checked first). */
bool gpu_nccl_comm_valid(struct GpuState *G, const GpuComm *c);
void gpu_nccl_comm_free(struct GpuState *G, GpuComm *c);
/* Queue collective kind over every rank: rank i reads send[i] and writes recv[i] (device
 * addresses on c->devs[i]) on streams[i]; count as the kinds above say; root for broadcast
 * and reduce. 0, or -1 with G's error set. */
int gpu_nccl_run(struct GpuState *G, GpuComm *c, int kind, const CUdeviceptr *send,
                 const CUdeviceptr *recv, const CUstream *streams, size_t count, int dtype, int op,
                 int root);
/* Rank src sends count elements at send to rank dst, which receives them at recv. */
int gpu_nccl_sendrecv(struct GpuState *G, GpuComm *c, int src, int dst, CUdeviceptr send,
                      CUstream sstream, CUdeviceptr recv, CUstream dstream, size_t count,
                      int dtype);
/* Destroy the communicators and forget the library (gpu_state_free of the home). */
void gpu_nccl_free(struct GpuState *G);

#endif
