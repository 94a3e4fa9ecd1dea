/* gpu_graph.c: gpu.graph(), CUDA graphs from scripts (issue 18, item 4).
 *
 *     g = gpu.graph()
 *     with g:                 # the block's GPU work is recorded, not run
 *         y[...] = x * 2 + 1
 *         s = y.sum()
 *     for step in range(100):
 *         x[...] = next_input()
 *         g.replay()          # all of it again, one cuGraphLaunch
 *         print(float(s))
 *
 * The type is gpu.Graph (the object's layout, ArrGraph, and the work are the CUDA backend's:
 * gpu/backend/cuda/backend_cuda_graph.c). On the CPU backend there is no CUDA work to
 * record, and entering the block raises RuntimeError. */
#include "../../gpu/array/array.h"
#include "../../gpu/backend/cuda/backend_cuda.h"
#include "../../gpu/runtime/gpu.h"
#include "../../vm/error.h"
#include "../../vm/gc.h"
#include "../../vm/str.h"
#include "../modules.h"
#include "gpu_module.h"

static ArrGraph *graph_of(Interp *I, Value self, const char *what) {
    if (!is_obj(self) || as_obj(self)->type != I->types[TY_GPU_GRAPH]) {
        err_format(I, TY_TYPE_ERROR, "%s needs a gpu.Graph", what);
        return NULL;
    }
    return (ArrGraph *)as_obj(self);
}

static bool no_args(Interp *I, const char *name, int argc, int want, Tuple *kw) {
    if (argc == want && !(kw && kw->len)) return true;
    err_format(I, TY_TYPE_ERROR, "%s() takes no arguments", name);
    return false;
}

/* gpu.graph() / gpu.Graph() */
static Value graph_new(Interp *I, int argc, Value *argv, Tuple *kw) {
    (void)argv;
    if (!arr_args(I, "graph", argc, kw, 0, 0)) return V_NULL;
    ArrGraph *g = gc_new(I, I->types[TY_GPU_GRAPH], sizeof(ArrGraph));
    return g ? v_obj(g) : V_NULL;
}

static Value graph_type_new(Interp *I, Type *t, int argc, Value *argv, Tuple *kw) {
    (void)t;
    return graph_new(I, argc, argv, kw);
}

static Value graph_enter(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!no_args(I, "__enter__", argc, 1, kw)) return V_NULL;
    ArrGraph *g = graph_of(I, argv[0], "__enter__");
    if (!g) return V_NULL;
    int b = arr_backend_check(I);
    if (b < 0) return V_NULL;
    if (b == 0)
        return err_format(I, TY_RUNTIME_ERROR,
                          "gpu.graph() records CUDA work; the CPU backend has none "
                          "(gpu.backend() is 'cpu')");
    if (arr_graph_begin(I, g) < 0) return V_NULL;
    return argv[0];
}

/* __exit__(type, value, tb): an exception in the block discards the capture and propagates. */
static Value graph_exit(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (argc != 4 || (kw && kw->len))
        return err_format(I, TY_TYPE_ERROR, "__exit__() takes 3 arguments");
    ArrGraph *g = graph_of(I, argv[0], "__exit__");
    if (!g) return V_NULL;
    if (g->state != ARR_GRAPH_CAPTURING) return V_FALSE;
    bool ok = is_none(argv[1]);
    if (arr_graph_end(I, g, ok) < 0) return V_NULL;
    return V_FALSE;
}

static Value graph_replay(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!no_args(I, "replay", argc, 1, kw)) return V_NULL;
    ArrGraph *g = graph_of(I, argv[0], "replay");
    if (!g || arr_graph_replay(I, g) < 0) return V_NULL;
    return V_NONE;
}

static Value graph_get_nodes(Interp *I, Value self) {
    ArrGraph *g = graph_of(I, self, "nodes");
    if (!g) return V_NULL;
    return v_int(g->graph ? gpu_graph_nodes(g->graph) : 0);
}

static Value graph_get_arrays(Interp *I, Value self) {
    ArrGraph *g = graph_of(I, self, "arrays");
    if (!g) return V_NULL;
    return v_int(g->nowners);
}

static Value graph_repr(Interp *I, Value self) {
    ArrGraph *g = (ArrGraph *)as_obj(self);
    static const char *states[] = {"new", "capturing", "ready", "failed"};
    Str *s = str_printf(I, "<gpu.Graph %s, %d nodes, %d arrays>", states[g->state],
                        g->graph ? gpu_graph_nodes(g->graph) : 0, g->nowners);
    return s ? v_obj(s) : V_NULL;
}

static void graph_trace(Interp *I, Obj *o) {
    arr_graph_trace(I, (ArrGraph *)o);
}

static void graph_finalize(Interp *I, Obj *o) {
    arr_graph_finalize(I, (ArrGraph *)o);
}

static const MethodDef graph_methods[] = {
    {"__enter__", graph_enter, 0},
    {"__exit__", graph_exit, 0},
    {"replay", graph_replay, 0},
    {NULL, NULL, 0},
};

static const GetSetDef graph_getsets[] = {
    {"nodes", graph_get_nodes, NULL},   /* launches, copies and memsets recorded */
    {"arrays", graph_get_arrays, NULL}, /* arrays the recorded work reads or writes */
    {NULL, NULL, NULL},
};

const TypeSpec gpu_graph_spec = {
    .name = "Graph",
    .base = TY_OBJECT,
    .instance_size = sizeof(ArrGraph),
    .slots = {.trace = graph_trace,
              .finalize = graph_finalize,
              .repr = graph_repr,
              .new = graph_type_new},
    .methods = graph_methods,
    .getsets = graph_getsets,
};

static const MethodDef gpu_graph_functions[] = {
    {"graph", graph_new, 0},
    {NULL, NULL, 0},
};

int gpu_add_graph(Interp *I, Module *m) {
    if (module_add_functions(I, m, gpu_graph_functions) < 0) return -1;
    return module_set(I, m, "Graph", v_obj(I->types[TY_GPU_GRAPH]));
}
