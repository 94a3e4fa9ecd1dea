/* tile_prelude_test.c: the device primitives of the tile lowering (tile_prelude.cuh)
 * compiled by NVRTC to sm_90a CUBINs without a GPU. Each kernels/NAME.cu is compiled after
 * tile_lower_head under the layouts below (threads per block, elements per chunk); bad.cu
 * must fail with GPU_ERR_COMPILE, a log naming its line, and no CUBIN.
 * Usage: tile_prelude_test KERNEL_DIR. Exit 0 when every check passes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../gpu/tile/lower/lower.h"

static int failures, checks;

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    if (buf) buf[n] = '\0';
    fclose(f);
    return buf;
}

/* Compile dir/name.cu after the head for layout; 0 on success. */
static int compile(GpuState *G, const char *dir, const char *name, TileLayout layout,
                   size_t *cubin_size) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.cu", dir, name);
    char *body = read_file(path);
    if (!body) {
        printf("FAIL cannot read %s\n", path);
        failures++;
        return -1;
    }
    KSource s;
    ksrc_init(&s, G);
    tile_lower_head(&s, layout, TILE_NEED_ALL);
    ksrc_printf(&s, "#line 1 \"%s.cu\"\n", name);
    ksrc_puts(&s, body);
    free(body);
    if (s.failed) {
        ksrc_free(&s);
        return -1;
    }
    char prog[64];
    snprintf(prog, sizeof prog, "%s.cu", name);
    JitRequest req = {.source = s.buf, .name = prog, .arch = "sm_90a", .flags = JIT_NO_DISK_CACHE};
    JitBinary bin;
    int r = jit_compile_to_cubin(G, &req, &bin);
    *cubin_size = r == 0 ? bin.size : 0;
    if (r == 0) jit_binary_free(G, &bin);
    ksrc_free(&s);
    return r;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s KERNEL_DIR\n", argv[0]);
        return 2;
    }
    GpuState *G = gpu_state_new((kr_allocator){0});
    if (!G) return 1;
    if (cuda_load_nvrtc(G) < 0) {
        printf("SKIP: no NVRTC (%s)\n", G->err);
        gpu_state_free(G);
        return 0;
    }
    static const char *const kernels[] = {"memory", "atomics", "reduce", "layout", "mma"};
    static const TileLayout layouts[] = {{128, 4}, {256, 8}, {64, 1}};
    for (size_t l = 0; l < sizeof layouts / sizeof *layouts; l++) {
        for (size_t k = 0; k < sizeof kernels / sizeof *kernels; k++) {
            size_t size = 0;
            checks++;
            if (compile(G, argv[1], kernels[k], layouts[l], &size) < 0) {
                failures++;
                printf("FAIL %s (KR_NT %d, KR_V %d): %s\n%s\n", kernels[k], layouts[l].nt,
                       layouts[l].v, G->err, G->log ? G->log : "");
                continue;
            }
            checks++;
            if (size < 1000) {
                failures++;
                printf("FAIL %s: CUBIN of %zu bytes\n", kernels[k], size);
            }
            printf("ok %s (KR_NT %d, KR_V %d): %zu-byte CUBIN\n", kernels[k], layouts[l].nt,
                   layouts[l].v, size);
        }
    }
    size_t size = 0;
    checks++;
    int r = compile(G, argv[1], "bad", (TileLayout){128, 4}, &size);
    if (r == 0 || G->err_kind != GPU_ERR_COMPILE || !G->log || !strstr(G->log, "bad.cu(3)")) {
        failures++;
        printf("FAIL bad.cu: rc %d, kind %d, log %s\n", r, (int)G->err_kind,
               G->log ? G->log : "(none)");
    } else {
        printf("ok bad.cu rejected: %s\n", G->err);
    }
    printf("%d checks, %d failures; %zu compiles, %.0f ms in NVRTC\n", checks, failures,
           G->jit.stats.compiles, G->jit.stats.compile_ms);
    gpu_state_free(G);
    return failures ? 1 : 0;
}
