/* kernels_internal.h: what the kernel library's files (kernels_*.c) share and nothing else
 * includes: the code generation pieces (gpu/codegen/cuda_source.h: the source buffer, the
 * CUDA C prelude, dtype names for generated code) and the build and launch helpers. */
#ifndef KRAIT_GPU_KERNELS_INTERNAL_H
#define KRAIT_GPU_KERNELS_INTERNAL_H

#include "../codegen/cuda_source.h"
#include "kernels.h"

/* Compile source for a kernel named name: to CUBIN for arch when arch is non-NULL (nothing
 * loaded, *out untouched), else for the device, loaded, into *out. */
int kernels_build(GpuState *G, const KSource *src, const char *name, const char *arch,
                  CUfunction *out);

/* kernels_build of the prelude, `typedef <the unsigned type of size bytes> tname;` and body:
 * the families whose kernels move elements as raw bits of their width (sort keys, gathers). */
int kernels_build_sized(GpuState *G, const char *tname, int size, const char *body,
                        const char *name, const char *arch, CUfunction *out);

/* Launch with the arguments as one by-value struct of nwords 8-byte words. */
int kernels_launch(GpuState *G, CUfunction f, unsigned grid, unsigned block, unsigned shared,
                   CUstream s, const uint64_t *words, int nwords);
int kernels_launch3(GpuState *G, CUfunction f, const unsigned grid[3], unsigned block,
                    unsigned shared, CUstream s, const uint64_t *words, int nwords);

/* Each family's compile entry (for gpu_kernels_compile_all, kernels_compile_all.c): build
 * the family's kernel for arch without a device (or, arch NULL, for the device). */
int kernels_fuse_compile(GpuState *G, const FuseNode *nodes, int nnodes, int root,
                         const GpuTensor *inputs, int ninputs, GpuTensor *out, const char *arch);
int kernels_reduce_compile(GpuState *G, int op, DType in, DType out, const char *arch);
int kernels_reduce_fused_compile(GpuState *G, int op, const FuseNode *nodes, int nnodes, int root,
                                 const GpuTensor *inputs, int ninputs, const GpuTensor *shape,
                                 DType out, const char *arch);
int kernels_matmul_compile(GpuState *G, DType dt, const char *arch);
/* The arange kernel for dt (cached in G->kernels when arch is NULL). kernels_create.c. */
int kernels_arange_function(GpuState *G, DType dt, const char *arch, CUfunction *f);

/* Blocks for a grid-stride loop over `work` items with `block` threads. */
unsigned kernels_grid(GpuState *G, int64_t work, unsigned block);

/* ---- the fused kernel's plan (kernels_fuse.c), also read by the mock's host kernels ---- */

enum { FUSE_LAYOUT_CONTIG = 0, FUSE_LAYOUT_SCALAR = 1, FUSE_LAYOUT_STRIDED = 2 };
/* FUSE_PATH_ROWS: a strided plan whose innermost dim is long (FUSE_ROWS_MIN): a block per
 * row of it decomposes the row's index once and steps each operand by its innermost stride
 * (the words are the strided path's). */
enum { FUSE_PATH_VECTOR = 1, FUSE_PATH_STRIDED32 = 2, FUSE_PATH_STRIDED64 = 3, FUSE_PATH_ROWS = 4 };
#define FUSE_ROWS_MIN 512

/* One launch's resolved geometry: operands broadcast to out's shape, dims collapsed. */
typedef struct FusePlan {
    int rank;
    int64_t n;
    int64_t shape[GPU_MAX_DIMS];
    int64_t strides[FUSE_MAX_INPUTS + 1][GPU_MAX_DIMS]; /* [0] is out, [1+k] input k */
    uint8_t layout[FUSE_MAX_INPUTS + 1];
    int path, vec, rank_key;
} FusePlan;

/* The dtype a node computes in (see FUSE_OPS in kernels.h). */
DType kernels_fuse_compute_dtype(const FuseNode *nodes, const FuseNode *nd);

/* The pieces of the fused kernel that the fused reductions (kernels_reduce.c) reuse: the
 * graph's checks; the plan and the argument words (w: inputs, out, n, constants, shape and
 * strides; returns the word count or -1); the specialization key (returns its length; key
 * holds FUSE_KEY_BYTES); and the device function
 * kr_eval(p, [fe,] x0, ...) that computes the graph from loaded inputs (fe: the checked
 * nodes' floating-point error bits, when a node has fpe), its constants read from
 * p.w[const_base ...]. */
int kernels_fuse_validate(GpuState *G, const FuseNode *nodes, int nnodes, int root, int nin);
int kernels_fuse_prepare(GpuState *G, const FuseNode *nodes, int nnodes, const GpuTensor *inputs,
                         int nin, const GpuTensor *out, FusePlan *p, uint64_t *w, int *const_base,
                         int *fpe_base, int *shape_base);
size_t kernels_fuse_key(uint8_t *key, const FuseNode *nodes, int nnodes, int root,
                        const GpuTensor *inputs, int nin, const GpuTensor *out, const FusePlan *p);
size_t kernels_fuse_key_nodes(uint8_t *key, const FuseNode *nodes, int nnodes);
/* Mark every node a marked node reads (nodes in topological order: operands first). */
void kernels_fuse_mark_live(const FuseNode *nodes, int nnodes, bool *live);
void kernels_fuse_gen_eval(KSource *s, const FuseNode *nodes, int nnodes, int root,
                           const GpuTensor *inputs, int nin, DType out_dt, int const_base,
                           bool only_live);
/* The end of a fused kernel: each checked node's bits ORed over the warp into its flag word
 * (every lane must get there). */
void kernels_fuse_gen_end(KSource *s, int nchecked, int fpe_base);
/* gpu_fused_rows for gpu_kernels_compile_all (arch: CUBIN only). */
int kernels_rows_compile(GpuState *G, const FuseNode *nodes, int nnodes, int root,
                         const GpuTensor *inputs, int nin, const GpuTensor *space, GpuTensor *out,
                         const char *arch);
#define FUSE_MAX_WORDS 480
#define FUSE_KEY_BYTES (16 + 2 * FUSE_MAX_INPUTS + 7 * FUSE_MAX_NODES)
/* Floating-point error checks of fused kernels (kernels_fpe.c): the device helpers'
 * source and a checked node's line of kr_eval. */
extern const char kernels_fpe_prelude[];
void kernels_fpe_gen_check(KSource *s, const FuseNode *nodes, int i, int c, const char *a,
                           const char *b);
/* Whether node nd checks anything: its fpe bits the op can raise (underflow never). */
static inline unsigned kernels_fpe_mask(const FuseNode *nodes, const FuseNode *nd) {
    return nd->fpe ? nd->fpe & gpu_fuse_fpe_kinds(nodes, nd) & ~(unsigned)GPU_FPE_UNDER : 0;
}

/* The vector path's count of whole V-element vectors among n elements; the scalar tail
 * loop takes the rest. V == 1 means no vector loop: every element is in the tail. */
static inline int64_t kernels_fuse_vectors(int V, int64_t n) {
    return V > 1 ? n / V : 0;
}

/* ---- the mock device's kernels (kernels_host.c): built where the CUDA C would be
 * compiled, from the same description; see gpu/runtime/cuda_mock.h ---- */

int kernels_host_fuse(GpuState *G, const FuseNode *nodes, int nnodes, int root,
                      const GpuTensor *inputs, int nin, DType out_dt, const FusePlan *p,
                      int const_base, int fpe_base, int shape_base, CUfunction *out);
int kernels_host_arange(GpuState *G, DType dt, CUfunction *out);
/* name: the CUDA kernel's ("kr_red_pass1", "kr_red_final", "kr_red_rows", "kr_red_cols"),
 * V its vector width, check its KR_RCHECK variant (the reduction's own errors) */
int kernels_host_reduce(GpuState *G, int op, DType in, DType out, int V, const char *name,
                        bool check, CUfunction *f);
/* The same over a fused graph's values (kernels_host_fuse's description of it, whose
 * argument words follow the reduction's 8 words). */
int kernels_host_reduce_fused(GpuState *G, int op, DType in, DType out, int V, const char *name,
                              const FuseNode *nodes, int nnodes, int root, const GpuTensor *inputs,
                              int nin, const FusePlan *p, int const_base, int fpe_base,
                              int shape_base, bool check, CUfunction *f);
/* The reductions' accumulator type A (kernels_reduce.c's red_acc, as a dtype). */
DType kernels_reduce_acc(int op, DType in, DType out);
int kernels_host_matmul(GpuState *G, DType dt, CUfunction *f);
/* A mock function of size bytes (a CudaMockFunction first) whose launch calls run. */
struct CudaMockFunction;
void *kernels_host_new(GpuState *G, size_t size,
                       CUresult (*run)(const struct CudaMockFunction *, const unsigned *,
                                       const unsigned *, void **));
/* The scans, gathers and sort of kernels_scan.c / kernels_sort.c (kernels_host_scan.c):
 * name is the CUDA kernel's. */
int kernels_host_scan(GpuState *G, int op, DType in, DType acc, const char *name, CUfunction *f);
int kernels_host_gather(GpuState *G, int esize, const char *name, CUfunction *f);
int kernels_host_sort(GpuState *G, int ksize, const char *name, CUfunction *f);
/* Their compile entries for gpu_kernels_compile_all (arch: CUBIN only). */
int kernels_scan_compile(GpuState *G, int op, DType in, DType acc, const char *arch);
int kernels_gather_compile(GpuState *G, int esize, const char *arch);
int kernels_sort_compile(GpuState *G, int ksize, const char *arch);

/* ---- the graph-interpreting kernel (kernels_interp.c) ---- */

/* On a fused key's first launch (fuse_run's cache miss): run the graph with kr_fuse_interp
 * while the specialized kernel compiles on a thread, or take that kernel when its compile
 * has finished. w/nw: kernels_fuse_prepare's words. 1 launched (interpreted), 2 *f is the
 * specialized kernel (inserted in G->kernels; launch it), 0 not taken (compile as before),
 * -1 error. */
int kernels_interp_fuse(GpuState *G, const FuseNode *nodes, int nnodes, int root,
                        const GpuTensor *inputs, int nin, const GpuTensor *out, const FusePlan *p,
                        const uint64_t *w, int nw, int const_base, int fpe_base, int shape_base,
                        const uint8_t *key, size_t klen, uint64_t hash, CUstream s, CUfunction *f);
/* The interpreter's argument block for a graph (iw holds 256 words): its word count, 0 when
 * the interpreter cannot take the graph. */
int kernels_interp_pack(const FuseNode *nodes, int nnodes, int root, const GpuTensor *inputs,
                        int nin, const GpuTensor *out, const FusePlan *p, const uint64_t *w, int nw,
                        int const_base, int fpe_base, int shape_base, uint64_t *iw);
/* A block decoded (the mock's host interpreter): 0, or -1 when it is not one. The fused
 * kernel's words start at iw + base. */
typedef struct KernelsInterpDesc {
    FuseNode nodes[32];
    int nnodes, root, nin, rank, base, const_base, fpe_base, shape_base;
    DType in_dt[FUSE_MAX_INPUTS];
    DType out_dt;
    uint8_t layout[FUSE_MAX_INPUTS + 1];
} KernelsInterpDesc;
int kernels_interp_decode(const uint64_t *iw, KernelsInterpDesc *d);
/* kr_fuse_interp's CUDA C (the prebuilt table's generator, tools/prebuild). */
void kernels_interp_source(KSource *s);
/* kr_fuse_interp compiled for arch without a device (gpu_kernels_compile_all). */
int kernels_interp_compile(GpuState *G, const char *arch);
/* The fused kernel's CUDA C for a prepared plan (kernels_fuse.c). */
void kernels_fuse_gen_source(KSource *s, const FuseNode *nodes, int nnodes, int root,
                             const GpuTensor *inputs, int nin, DType out_dt, const FusePlan *p,
                             int nwords, int const_base, int fpe_base, int shape_base);
/* The mock's kr_fuse_interp (kernels_host.c). */
int kernels_host_interp(GpuState *G, CUfunction *out);

static inline uint64_t kword_f64(double d) {
    uint64_t w;
    __builtin_memcpy(&w, &d, 8);
    return w;
}

#endif
