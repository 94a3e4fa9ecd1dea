/* fuse_compile_time.c: NVRTC CPU time of the fused elementwise kernel of user_patterns.py's
 * first-use expression, tanh(p * 0.001) * sqrt(p + 3.25) + floor(p / 7) on float32, with and
 * without the floating-point checks (kernels_fpe.c), in one process (issue 14's first-use
 * row, docs/PERFORMANCE.md). No GPU needed; links the internal library:
 *   cc -O1 -std=c11 -D_GNU_SOURCE -Iinclude -o /tmp/fct bench/gpu/fuse_compile_time.c \
 *      build/libkrait_internal.a -lm -ldl -lpcre2-8 -luv -lpthread && /tmp/fct
 * Prints "COMPILE checks=0|1 cpu_ms wall_ms" for four compiles of graphs differing in one
 * node (each a new kernel: the disk cache is a fresh folder), the first paying NVRTC's
 * start-up, then "COMPILE interpreter cpu_ms wall_ms" for the graph-interpreting kernel
 * (kernels_interp.c). */
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "../../gpu/kernels/kernels_internal.h"

static double cpu_ms(void) {
    struct rusage r;
    getrusage(RUSAGE_SELF, &r);
    return (double)(r.ru_utime.tv_sec + r.ru_stime.tv_sec) * 1e3 +
           (double)(r.ru_utime.tv_usec + r.ru_stime.tv_usec) / 1e3;
}

static double wall_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static void node(FuseNode *n, int op, int a, int b, double scalar) {
    memset(n, 0, sizeof *n);
    n->op = op;
    n->dtype = DT_FLOAT32;
    n->a = a;
    n->b = b;
    n->c = -1;
    n->scalar = scalar;
}

int main(void) {
    kr_allocator al = {0};
    GpuState *G = gpu_state_new(al);
    char dir[64];
    snprintf(dir, sizeof dir, "/tmp/krait_fct_%d", (int)getpid());
    jit_set_cache_dir(G, dir);
    GpuTensor t;
    memset(&t, 0, sizeof t);
    t.dtype = DT_FLOAT32;
    t.ndim = 1;
    t.ptr = 256;
    t.shape[0] = 1 << 20;
    t.strides[0] = 1;
    GpuTensor o = t;
    FuseNode n[12];
    node(&n[0], FUSE_INPUT, -1, -1, 0);
    node(&n[1], FUSE_CONST, -1, -1, 0.001);
    node(&n[2], FUSE_MUL, 0, 1, 0);
    node(&n[3], FUSE_TANH, 2, -1, 0);
    node(&n[4], FUSE_CONST, -1, -1, 3.25);
    node(&n[5], FUSE_ADD, 0, 4, 0);
    node(&n[6], FUSE_SQRT, 5, -1, 0);
    node(&n[7], FUSE_MUL, 3, 6, 0);
    node(&n[8], FUSE_CONST, -1, -1, 7);
    node(&n[9], FUSE_TRUEDIV, 0, 8, 0);
    node(&n[10], FUSE_FLOOR, 9, -1, 0);
    node(&n[11], FUSE_ADD, 7, 10, 0);
    int rc = 0;
    for (int rep = 0; rep < 4; rep++) {
        bool checks = rep & 1;
        /* each compile a new kernel: one node differs */
        n[11].op = rep == 0 ? FUSE_SUB : FUSE_ADD;
        n[9].op = rep == 3 ? FUSE_MUL : FUSE_TRUEDIV;
        for (int i = 0; i < 12; i++) {
            n[i].fpe = checks ? gpu_fuse_fpe_kinds(n, &n[i]) : 0;
            n[i].fpe_word = n[i].fpe ? 4096 : 0;
        }
        double c0 = cpu_ms(), w0 = wall_ms();
        int r = kernels_fuse_compile(G, n, 12, 11, &t, 1, &o, "sm_90a");
        printf("COMPILE checks=%d %.1f cpu_ms %.1f wall_ms%s\n", checks, cpu_ms() - c0,
               wall_ms() - w0, rep == 0 ? " (NVRTC start-up included)" : "");
        if (r < 0) {
            printf("ERROR %s\n", G->err);
            rc = 1;
            break;
        }
    }
    /* the graph-interpreting kernel (kernels_interp.c): compiled once per machine into the
     * disk cache, on a thread at the first new expression */
    double c0 = cpu_ms(), w0 = wall_ms();
    int r = kernels_interp_compile(G, "sm_90a");
    printf("COMPILE interpreter %.1f cpu_ms %.1f wall_ms\n", cpu_ms() - c0, wall_ms() - w0);
    if (r < 0) {
        printf("ERROR %s\n%s\n", G->err, G->log ? G->log : "");
        rc = 1;
    }
    gpu_state_free(G);
    return rc;
}
