/* graph.c: CUDA graphs by stream capture (gpu.graph() in scripts). A capture records the work
 * queued on one stream into a graph instead of running it; instantiated, the graph replays all
 * of it with one cuGraphLaunch, which costs less than the launches one by one.
 *
 * What a capture must guarantee is that the memory the recorded work reads and writes still
 * belongs to it at every replay. Arrays the work touches are kept alive by the script-level
 * graph object (stdlib/gpu/gpu_graph.c). Memory the runtime allocates during the capture
 * (results, scratch buffers) comes from a side stream, so it is real memory at replay, and it
 * is owned by the graph until the graph is freed: freeing such a block, or any block while the
 * capture runs, only marks it, and the graph frees it when it goes (gpu_graph_free). An
 * array's first upload during the capture happens at once on the side stream too (the stream
 * was waited for when the capture began, so nothing races it). Capture mode is relaxed, so
 * kernels may still be compiled and loaded while capturing. */
#include <string.h>

#include "gpu.h"
#include "profile.h"

typedef struct GpuGraphBlock {
    CUdeviceptr ptr;
    size_t bytes;
    CUstream stream;
    bool freed; /* its owner let go: gpu_graph_free frees it */
} GpuGraphBlock;

struct GpuGraph {
    CUgraphExec exec;
    CUstream stream; /* the captured stream: replays run there */
    GpuGraphBlock *blocks;
    int nblocks, capblocks;
    int nodes;      /* work items recorded */
    GpuGraph *next; /* G->graphs */
};

int gpu_capture_refuse(GpuState *G, const char *what) {
    return gpu_set_error(G, GPU_ERR_CUDA,
                         "%s is not possible while gpu.graph() captures: the captured work runs "
                         "only at replay(), so read results after g.replay()",
                         what);
}

static bool graph_has_api(const GpuState *G) {
    const CudaApi *a = &G->api;
    return a->cuStreamBeginCapture && a->cuStreamEndCapture && a->cuGraphInstantiateWithFlags &&
           a->cuGraphLaunch && a->cuGraphExecDestroy && a->cuGraphDestroy;
}

int gpu_graph_begin(GpuState *G, CUstream stream) {
    if (gpu_ensure(G) < 0) return -1;
    if (G->capture) return gpu_set_error(G, GPU_ERR_CUDA, "gpu.graph() captures cannot nest");
    if (!graph_has_api(G))
        return gpu_set_error(G, GPU_ERR_CUDA,
                             "CUDA graphs need a driver with cuStreamBeginCapture_v2 and "
                             "cuGraphInstantiateWithFlags (CUDA 11.4 or newer)");
    if (!G->capture_side && gpu_stream_create(G, &G->capture_side) < 0) return -1;
    GpuGraph *g = gpu_host_alloc(G, sizeof *g);
    if (!g) return -1;
    memset(g, 0, sizeof *g);
    g->stream = gpu_stream_or_default(G, stream);
    /* Work the capture does beside the stream (allocations, first uploads) then cannot race
     * the stream's earlier work on reused memory. */
    if (gpu_wait_stream(G, g->stream, "cuStreamSynchronize") < 0) {
        gpu_host_free(G, g, sizeof *g);
        return -1;
    }
    if (cuda_check(G, G->api.cuStreamBeginCapture(g->stream, CU_STREAM_CAPTURE_MODE_RELAXED),
                   "cuStreamBeginCapture") < 0) {
        gpu_host_free(G, g, sizeof *g);
        return -1;
    }
    G->capture = g;
    G->capture_stream = g->stream;
    /* events cannot be timed inside a graph: the profiler sees the replays instead */
    G->capture_prof = G->prof;
    G->prof = NULL;
    return 0;
}

static void graph_release(GpuState *G, GpuGraph *g) {
    for (int i = 0; i < g->nblocks; i++)
        if (g->blocks[i].freed)
            (void)gpu_mem_free(G, g->blocks[i].ptr, g->blocks[i].bytes, g->blocks[i].stream);
    gpu_host_free(G, g->blocks, sizeof(GpuGraphBlock) * (size_t)g->capblocks);
    gpu_host_free(G, g, sizeof *g);
}

int gpu_graph_end(GpuState *G, bool keep, GpuGraph **out) {
    *out = NULL;
    GpuGraph *g = G->capture;
    if (!g) return gpu_set_error(G, GPU_ERR_CUDA, "no gpu.graph() capture is under way");
    CUgraph graph = NULL;
    CUresult r = G->api.cuStreamEndCapture(g->stream, &graph);
    G->capture = NULL;
    G->capture_stream = NULL;
    G->prof = G->capture_prof;
    G->capture_prof = NULL;
    if (r == CUDA_SUCCESS && keep) r = G->api.cuGraphInstantiateWithFlags(&g->exec, graph, 0);
    if (graph) G->api.cuGraphDestroy(graph);
    if (r != CUDA_SUCCESS || !keep) {
        if (g->exec) G->api.cuGraphExecDestroy(g->exec);
        graph_release(G, g);
        if (r == CUDA_ERROR_STREAM_CAPTURE_INVALIDATED)
            return gpu_set_error(G, GPU_ERR_CUDA,
                                 "the gpu.graph() capture was invalidated by an operation "
                                 "CUDA cannot record (CUDA_ERROR_STREAM_CAPTURE_INVALIDATED)");
        return r == CUDA_SUCCESS ? 0 : cuda_check(G, r, "cuStreamEndCapture");
    }
    g->next = G->graphs;
    G->graphs = g;
    *out = g;
    return 0;
}

int gpu_graph_launch(GpuState *G, GpuGraph *g) {
    if (G->capture) return gpu_capture_refuse(G, "replaying a graph");
    GpuProfRecord *rec = G->prof ? gpu_prof_begin(G, GPU_PROF_KERNEL, "graph", g->stream) : NULL;
    CUresult r = G->api.cuGraphLaunch(g->exec, g->stream);
    if (rec) gpu_prof_end(G, rec, g->stream);
    return cuda_check(G, r, "cuGraphLaunch");
}

int gpu_graph_nodes(const GpuGraph *g) {
    return g->nodes;
}

void gpu_graph_free(GpuState *G, GpuGraph *g) {
    for (GpuGraph **p = &G->graphs; *p; p = &(*p)->next) {
        if (*p != g) continue;
        *p = g->next;
        /* a replay may still run: its blocks are freed in stream order behind it, and the
         * driver keeps the executable graph until that replay is done */
        G->api.cuGraphExecDestroy(g->exec);
        graph_release(G, g);
        return;
    }
}

void gpu_graphs_free_all(GpuState *G) {
    if (G->capture) {
        GpuGraph *none;
        (void)gpu_graph_end(G, false, &none);
    }
    while (G->graphs)
        gpu_graph_free(G, G->graphs);
    if (G->capture_side) gpu_stream_destroy(G, G->capture_side);
    G->capture_side = NULL;
}

static int graph_add_block(GpuState *G, GpuGraph *g, CUdeviceptr ptr, size_t bytes, CUstream s,
                           bool freed) {
    if (g->nblocks == g->capblocks) {
        int cap = g->capblocks ? 2 * g->capblocks : 16;
        GpuGraphBlock *b = gpu_host_alloc(G, sizeof *b * (size_t)cap);
        if (!b) return -1;
        if (g->nblocks) memcpy(b, g->blocks, sizeof *b * (size_t)g->nblocks);
        gpu_host_free(G, g->blocks, sizeof *b * (size_t)g->capblocks);
        g->blocks = b;
        g->capblocks = cap;
    }
    g->blocks[g->nblocks++] = (GpuGraphBlock){ptr, bytes, s, freed};
    return 0;
}

void gpu_graph_note_node(GpuState *G, CUstream s) {
    if (gpu_capturing(G, s)) G->capture->nodes++;
}

void gpu_graph_note_alloc(GpuState *G, CUdeviceptr ptr, size_t bytes, CUstream s) {
    /* Without room to note it the block stays its owner's alone: it is then freed at once
     * when the owner goes, which a later replay could see; out of host memory the capture is
     * doomed anyway (the next allocation fails). */
    (void)graph_add_block(G, G->capture, ptr, bytes, s, false);
}

bool gpu_graph_defer_free(GpuState *G, CUdeviceptr ptr, size_t bytes, CUstream s) {
    if (G->capture) {
        GpuGraph *g = G->capture;
        for (int i = 0; i < g->nblocks; i++) {
            if (g->blocks[i].ptr != ptr) continue;
            g->blocks[i].freed = true;
            return true;
        }
        /* a block from before the capture: freeing it now would be recorded into the graph */
        return graph_add_block(G, g, ptr, bytes, s, true) == 0;
    }
    for (GpuGraph *g = G->graphs; g; g = g->next)
        for (int i = 0; i < g->nblocks; i++) {
            if (g->blocks[i].ptr != ptr || g->blocks[i].freed) continue;
            g->blocks[i].freed = true;
            return true;
        }
    return false;
}
