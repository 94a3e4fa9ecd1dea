/* backend_cuda_graph.c: gpu.graph() on the CUDA backend, between the array layer and the
 * runtime's stream capture (gpu/runtime/graph.c).
 *
 * krait's arrays are lazy, so what a capture records is decided here: everything pending is
 * evaluated before the capture starts (the graph holds the block's work only), and what the
 * block leaves pending is evaluated before it stops (a `c = a + b` inside the block is part
 * of the graph). Every owner the recorded work touches is listed: the graph keeps it alive,
 * and before each replay makes it current on the device (a host write since the capture is
 * uploaded first, pending work that reads it runs first) and afterwards marks its host mirror
 * stale, since the replay may have written it. The recording runs once when the block ends,
 * so after the block its arrays hold what its statements computed, as without a capture. */
#include <stdlib.h>

#include "../../../vm/error.h"
#include "../../../vm/gc.h"
#include "../../runtime/gpu.h"
#include "backend_cuda.h"

void arr_graph_touch(Interp *I, Array *o) {
    ArrGraph *g = ((ArrCuda *)I->gpu->allocator.ud)->capture;
    if (g->nowners && g->owners[g->nowners - 1] == o) return;
    if (g->nowners == g->capowners) {
        int cap = g->capowners ? 2 * g->capowners : 8;
        Array **a =
            mem_realloc(I, g->owners, sizeof *a * (size_t)g->capowners, sizeof *a * (size_t)cap);
        /* out of memory: the capture cannot be trusted; end() reports it */
        if (!a) {
            g->state = ARR_GRAPH_FAILED;
            return;
        }
        g->owners = a;
        g->capowners = cap;
    }
    g->owners[g->nowners++] = o;
}

static int owner_cmp(const void *x, const void *y) {
    uintptr_t a = (uintptr_t) * (Array *const *)x, b = (uintptr_t) * (Array *const *)y;
    return a < b ? -1 : a > b;
}

static void owners_dedupe(ArrGraph *g) {
    if (g->nowners < 2) return;
    qsort(g->owners, (size_t)g->nowners, sizeof *g->owners, owner_cmp);
    int n = 1;
    for (int i = 1; i < g->nowners; i++)
        if (g->owners[i] != g->owners[n - 1]) g->owners[n++] = g->owners[i];
    g->nowners = n;
}

static int graph_error(Interp *I, const char *msg) {
    err_format(I, TY_RUNTIME_ERROR, "%s", msg);
    return -1;
}

/* Evaluate every pending expression (its work goes where the stream is now). */
static int flush_pending(Interp *I, ArrCuda *c) {
    while (c->pending) {
        Array *p = c->pending;
        if (!gc_temp_push(I, v_obj(p)) || arr_materialize(I, p) < 0) return -1;
    }
    return 0;
}

int arr_graph_begin(Interp *I, ArrGraph *g) {
    ArrCuda *c = I->gpu->allocator.ud;
    if (g->state != ARR_GRAPH_NEW)
        return graph_error(I, "a gpu.graph() captures once; make a new one");
    if (c->capture) return graph_error(I, "gpu.graph() captures cannot nest");
    size_t mark = gc_temp_mark(I);
    if (flush_pending(I, c) < 0 || arr_cuda_fpe_poll(I) < 0) return -1;
    gc_temp_reset(I, mark);
    if (gpu_graph_begin(I->gpu, arr_stream(I)) < 0) return arr_gpu_raise(I);
    c->capture = g;
    g->state = ARR_GRAPH_CAPTURING;
    return 0;
}

int arr_graph_end(Interp *I, ArrGraph *g, bool keep) {
    ArrCuda *c = I->gpu->allocator.ud;
    if (c->capture != g) return graph_error(I, "this gpu.graph() is not capturing");
    size_t mark = gc_temp_mark(I);
    int r = keep ? flush_pending(I, c) : 0;
    gc_temp_reset(I, mark);
    bool incomplete = g->state == ARR_GRAPH_FAILED; /* out of memory noting an owner */
    c->capture = NULL;
    owners_dedupe(g);
    GpuGraph *graph = NULL;
    if (gpu_graph_end(I->gpu, true, &graph) < 0) {
        /* the driver dropped the recording (an error raised already comes first) */
        g->state = ARR_GRAPH_FAILED;
        if (r == 0 && keep) return arr_gpu_raise(I);
        return r;
    }
    g->graph = graph;
    g->state = ARR_GRAPH_READY;
    /* The recorded work runs once now, as the block's statements say: after the block its
     * arrays hold what they computed, and after an exception what ran before it (arrays
     * evaluated in the block are marked current and must hold their values). */
    int run = arr_graph_replay(I, g);
    if (!keep || r < 0 || incomplete || run < 0) {
        gpu_graph_free(I->gpu, graph);
        g->graph = NULL;
        g->state = ARR_GRAPH_FAILED;
    }
    if (r < 0 || run < 0) return -1;
    if (incomplete) {
        err_nomem(I);
        return -1;
    }
    return 0;
}

int arr_graph_replay(Interp *I, ArrGraph *g) {
    if (g->state != ARR_GRAPH_READY)
        return graph_error(I, g->state == ARR_GRAPH_CAPTURING
                                  ? "replay() inside the gpu.graph() block that captures it"
                                  : "this gpu.graph() holds no captured work (its capture failed "
                                    "or has not run)");
    for (int i = 0; i < g->nowners; i++)
        if (arr_dev_write(I, g->owners[i]) < 0) return -1;
    if (gpu_graph_launch(I->gpu, g->graph) < 0) return arr_gpu_raise(I);
    return 0;
}

void arr_graph_trace(Interp *I, ArrGraph *g) {
    for (int i = 0; i < g->nowners; i++)
        gc_mark_obj(I, (Obj *)g->owners[i]);
}

void arr_graph_finalize(Interp *I, ArrGraph *g) {
    if (I->gpu) {
        ArrCuda *c = I->gpu->allocator.ud;
        if (c && c->capture == g) { /* collected mid-capture (the script was stopped) */
            GpuGraph *none;
            c->capture = NULL;
            (void)gpu_graph_end(I->gpu, false, &none);
        }
        if (g->graph) gpu_graph_free(I->gpu, g->graph);
    }
    g->graph = NULL;
    if (g->owners) mem_free(I, g->owners, sizeof *g->owners * (size_t)g->capowners);
    g->owners = NULL;
    g->nowners = g->capowners = 0;
}
