/* nccl.c: NCCL by dlopen, communicators of this process's devices and the collectives
 * (nccl.h says how). */
#include "nccl.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "gpu.h"

_Static_assert(GPU_MAX_DEVICES <= 16, "GpuComm holds 16 ranks");

static const char *const nccl_names[] = {"libnccl.so.2", "libnccl.so",
                                         "/usr/local/cuda/lib64/libnccl.so.2"};

/* NCCL changes the thread's current context (cudaSetDevice): put G's back. */
static void restore(GpuState *G) {
    if (G->device_state > 0) G->api.cuCtxSetCurrent(G->context);
}

static int nccl_failed(GpuState *G, GpuNccl *n, int r, const char *where) {
    const char *why = n->ncclGetErrorString ? n->ncclGetErrorString(r) : "unknown error";
    restore(G);
    return gpu_set_error(G, GPU_ERR_CUDA, "NCCL error %d (%s) in %s", r, why ? why : "?", where);
}

int gpu_nccl_load(GpuState *G) {
    GpuState *home = G->home;
    GpuNccl *n = home->nccl;
    if (n && n->state > 0) return 0;
    if (n && n->state < 0) return gpu_set_error(G, GPU_ERR_CUDA, "%s", n->error);
    if (!n) {
        n = gpu_host_alloc(home, sizeof *n);
        if (!n) return -1;
        memset(n, 0, sizeof *n);
        home->nccl = n;
    }
    const char *first = home->settings.nccl_path;
    void *lib = first && *first ? dlopen(first, RTLD_NOW | RTLD_LOCAL) : NULL;
    char why[256] = "";
    if (!lib && first && *first) snprintf(why, sizeof why, "%s", dlerror());
    for (size_t i = 0; !lib && i < sizeof nccl_names / sizeof *nccl_names; i++)
        lib = dlopen(nccl_names[i], RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        if (!why[0]) snprintf(why, sizeof why, "%s", dlerror());
        snprintf(n->error, sizeof n->error,
                 "NCCL not found (%.300s): set KRAIT_NCCL (kr_config.gpu_nccl_path) to "
                 "libnccl.so.2's path, or use the fake communicator (backend='fake')",
                 why);
        n->state = -1;
        return gpu_set_error(G, GPU_ERR_CUDA, "%s", n->error);
    }
    static const struct {
        const char *name;
        size_t offset;
    } syms[] = {
        {"ncclGetVersion", offsetof(GpuNccl, ncclGetVersion)},
        {"ncclGetErrorString", offsetof(GpuNccl, ncclGetErrorString)},
        {"ncclCommInitAll", offsetof(GpuNccl, ncclCommInitAll)},
        {"ncclCommDestroy", offsetof(GpuNccl, ncclCommDestroy)},
        {"ncclGroupStart", offsetof(GpuNccl, ncclGroupStart)},
        {"ncclGroupEnd", offsetof(GpuNccl, ncclGroupEnd)},
        {"ncclAllReduce", offsetof(GpuNccl, ncclAllReduce)},
        {"ncclBroadcast", offsetof(GpuNccl, ncclBroadcast)},
        {"ncclReduce", offsetof(GpuNccl, ncclReduce)},
        {"ncclAllGather", offsetof(GpuNccl, ncclAllGather)},
        {"ncclReduceScatter", offsetof(GpuNccl, ncclReduceScatter)},
        {"ncclSend", offsetof(GpuNccl, ncclSend)},
        {"ncclRecv", offsetof(GpuNccl, ncclRecv)},
    };
    for (size_t i = 0; i < sizeof syms / sizeof *syms; i++) {
        void *f = dlsym(lib, syms[i].name);
        if (!f) {
            dlclose(lib);
            snprintf(n->error, sizeof n->error,
                     "the NCCL library lacks %s (krait needs NCCL 2.7 or newer)", syms[i].name);
            n->state = -1;
            return gpu_set_error(G, GPU_ERR_CUDA, "%s", n->error);
        }
        memcpy((char *)n + syms[i].offset, &f, sizeof f);
    }
    n->lib = lib;
    n->ncclGetVersion(&n->version);
    n->state = 1;
    return 0;
}

GpuComm *gpu_nccl_comm_new(GpuState *G, int n, const int *devs) {
    if (gpu_nccl_load(G) < 0) return NULL;
    GpuNccl *nc = G->home->nccl;
    if (n < 1 || n > GPU_MAX_DEVICES) {
        gpu_set_error(G, GPU_ERR_CONFIG, "a communicator spans 1 to %d devices", GPU_MAX_DEVICES);
        return NULL;
    }
    GpuComm *c = gpu_host_alloc(G, sizeof *c);
    if (!c) return NULL;
    memset(c, 0, sizeof *c);
    c->n = n;
    memcpy(c->devs, devs, sizeof *devs * (size_t)n);
    int r = nc->ncclCommInitAll(c->comms, n, devs);
    if (r != 0) {
        nccl_failed(G, nc, r, "ncclCommInitAll");
        gpu_host_free(G, c, sizeof *c);
        return NULL;
    }
    restore(G);
    c->next = nc->comms;
    nc->comms = c;
    return c;
}

bool gpu_nccl_comm_valid(GpuState *G, const GpuComm *c) {
    GpuNccl *nc = G->home->nccl;
    for (GpuComm *p = nc ? nc->comms : NULL; p; p = p->next)
        if (p == c) return true;
    return false;
}

static void comm_destroy(GpuState *G, GpuNccl *nc, GpuComm *c) {
    for (int i = 0; i < c->n; i++)
        if (c->comms[i]) nc->ncclCommDestroy(c->comms[i]);
    restore(G);
    gpu_host_free(G, c, sizeof *c);
}

void gpu_nccl_comm_free(GpuState *G, GpuComm *c) {
    GpuNccl *nc = G->home->nccl;
    for (GpuComm **p = nc ? &nc->comms : NULL; p && *p; p = &(*p)->next)
        if (*p == c) {
            *p = c->next;
            comm_destroy(G, nc, c);
            return;
        }
}

int gpu_nccl_run(GpuState *G, GpuComm *c, int kind, const CUdeviceptr *send,
                 const CUdeviceptr *recv, const CUstream *streams, size_t count, int dtype, int op,
                 int root) {
    GpuNccl *nc = G->home->nccl;
    int r = nc->ncclGroupStart();
    if (r != 0) return nccl_failed(G, nc, r, "ncclGroupStart");
    const char *where = "?";
    for (int i = 0; i < c->n && r == 0; i++) {
        const void *s = (const void *)(uintptr_t)send[i];
        void *d = (void *)(uintptr_t)recv[i];
        switch (kind) {
        case GPU_COLL_ALL_REDUCE:
            where = "ncclAllReduce";
            r = nc->ncclAllReduce(s, d, count, dtype, op, c->comms[i], streams[i]);
            break;
        case GPU_COLL_BROADCAST:
            where = "ncclBroadcast";
            r = nc->ncclBroadcast(s, d, count, dtype, root, c->comms[i], streams[i]);
            break;
        case GPU_COLL_REDUCE:
            where = "ncclReduce";
            r = nc->ncclReduce(s, d, count, dtype, op, root, c->comms[i], streams[i]);
            break;
        case GPU_COLL_ALL_GATHER:
            where = "ncclAllGather";
            r = nc->ncclAllGather(s, d, count, dtype, c->comms[i], streams[i]);
            break;
        default:
            where = "ncclReduceScatter";
            r = nc->ncclReduceScatter(s, d, count, dtype, op, c->comms[i], streams[i]);
            break;
        }
    }
    int e = nc->ncclGroupEnd();
    if (r != 0) return nccl_failed(G, nc, r, where);
    if (e != 0) return nccl_failed(G, nc, e, "ncclGroupEnd");
    restore(G);
    return 0;
}

int gpu_nccl_sendrecv(GpuState *G, GpuComm *c, int src, int dst, CUdeviceptr send, CUstream sstream,
                      CUdeviceptr recv, CUstream dstream, size_t count, int dtype) {
    GpuNccl *nc = G->home->nccl;
    int r = nc->ncclGroupStart();
    if (r != 0) return nccl_failed(G, nc, r, "ncclGroupStart");
    r = nc->ncclSend((const void *)(uintptr_t)send, count, dtype, dst, c->comms[src], sstream);
    int q = r == 0
                ? nc->ncclRecv((void *)(uintptr_t)recv, count, dtype, src, c->comms[dst], dstream)
                : 0;
    int e = nc->ncclGroupEnd();
    if (r != 0) return nccl_failed(G, nc, r, "ncclSend");
    if (q != 0) return nccl_failed(G, nc, q, "ncclRecv");
    if (e != 0) return nccl_failed(G, nc, e, "ncclGroupEnd");
    restore(G);
    return 0;
}

void gpu_nccl_free(GpuState *G) {
    GpuNccl *nc = G->nccl;
    if (!nc) return;
    while (nc->comms) {
        GpuComm *c = nc->comms;
        nc->comms = c->next;
        comm_destroy(G, nc, c);
    }
    /* the library stays mapped (as libcuda does): its threads may still run its code */
    gpu_host_free(G, nc, sizeof *nc);
    G->nccl = NULL;
}
