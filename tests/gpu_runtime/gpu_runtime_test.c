/* gpu_runtime_test.c: checks the GPU runtime layer (gpu/cuda, device, memory, stream, jit,
 * hash) on its own, without the interpreter.
 *
 * Part 1 needs only NVRTC, no GPU: it compiles small kernels to CUBIN for sm_90a, and checks
 * the disk cache (a second compile is a hit; a corrupted, truncated or foreign file is
 * rejected and recompiled), compile-error reporting and the backend switch.
 * Part 2 needs a GPU (it prints "SKIP: no GPU" without one): allocation from the pool,
 * vector add on 2^20 floats, a reduction, an out-of-memory report, the in-memory JIT
 * cache, and three measurements: the bandwidth of a copy kernel over 2^28 floats, the cost
 * of an empty kernel's launch and the latency of a cuLaunchHostFunc callback.
 *
 * Usage: gpu_runtime_test [cache-dir]   (default: a fresh folder under /tmp, removed at
 * the end). Exit status 0 when everything ran passed or was skipped, 1 on any failure. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <ftw.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../../gpu/runtime/gpu.h"
#include "settings_env.h"

typedef struct Test {
    int failures;
    int checks;
} Test;

#define CHECK(t, cond, ...)                                                                        \
    do {                                                                                           \
        (t)->checks++;                                                                             \
        if (!(cond)) {                                                                             \
            (t)->failures++;                                                                       \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                            \
            printf(__VA_ARGS__);                                                                   \
            printf("\n");                                                                          \
        }                                                                                          \
    } while (0)

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

static const char vadd_src[] =
    "extern \"C\" __global__ void vadd(const float *a, const float *b, float *c,\n"
    "                                 unsigned long long n) {\n"
    "    unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;\n"
    "    if (i < n) c[i] = a[i] + b[i];\n"
    "}\n";

static const char sum_src[] =
    "extern \"C\" __global__ void sum_f32(const float *x, float *out, unsigned long long n) {\n"
    "    __shared__ float partial[32];\n"
    "    float s = 0.0f;\n"
    "    unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;\n"
    "    for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + "
    "threadIdx.x;\n"
    "         i < n; i += stride)\n"
    "        s += x[i];\n"
    "    for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);\n"
    "    if ((threadIdx.x & 31) == 0) partial[threadIdx.x >> 5] = s;\n"
    "    __syncthreads();\n"
    "    if (threadIdx.x < 32) {\n"
    "        s = threadIdx.x < (blockDim.x >> 5) ? partial[threadIdx.x] : 0.0f;\n"
    "        for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffffu, s, o);\n"
    "        if (threadIdx.x == 0) atomicAdd(out, s);\n"
    "    }\n"
    "}\n";

static const char copy_src[] =
    "extern \"C\" __global__ void copy4(const float4 *__restrict__ src,\n"
    "                                  float4 *__restrict__ dst, unsigned long long n4) {\n"
    "    unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;\n"
    "    for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + "
    "threadIdx.x;\n"
    "         i < n4; i += stride)\n"
    "        dst[i] = src[i];\n"
    "}\n";

static const char empty_src[] = "extern \"C\" __global__ void empty(void) {}\n";

/* Hopper's warpgroup MMA: compiles only for sm_90a, which is why krait targets it. */
static const char wgmma_src[] =
    "extern \"C\" __global__ void wgmma_fence(void) {\n"
    "    asm volatile(\"wgmma.fence.sync.aligned;\\n\" ::: \"memory\");\n"
    "}\n";

static const char broken_src[] = "extern \"C\" __global__ void broken(float *x) {\n"
                                 "    x[0] = undefined_name + 1;\n"
                                 "}\n";

static JitRequest request(const char *src, const char *arch) {
    JitRequest r;
    memset(&r, 0, sizeof r);
    r.source = src;
    r.arch = arch;
    return r;
}

static bool is_elf(const JitBinary *b) {
    return b->size > 4 && memcmp(b->data,
                                 "\x7f"
                                 "ELF",
                                 4) == 0;
}

static bool same_binary(const JitBinary *a, const JitBinary *b) {
    return a->size == b->size && memcmp(a->data, b->data, a->size) == 0;
}

/* Damage a cache file: flip a payload byte, truncate it, or break its magic. */
enum { DAMAGE_FLIP, DAMAGE_TRUNCATE, DAMAGE_MAGIC };
static bool damage(const char *path, int how) {
    FILE *f = fopen(path, "r+b");
    if (!f) return false;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    bool ok = true;
    if (how == DAMAGE_TRUNCATE) {
        fclose(f);
        return truncate(path, size / 2) == 0;
    }
    long at = how == DAMAGE_FLIP ? size - 17 : 0;
    fseek(f, at, SEEK_SET);
    int c = fgetc(f);
    fseek(f, at, SEEK_SET);
    ok = fputc(c ^ 0x5a, f) != EOF;
    fclose(f);
    return ok;
}

/* Copy a file, creating the destination's folder (one level, as the cache's layout needs). */
static bool copy_file(const char *from, const char *to) {
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", to);
    char *slash = strrchr(dir, '/');
    if (slash) {
        *slash = '\0';
        mkdir(dir, 0755);
    }
    FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
    bool ok = in && out;
    int c;
    while (ok && (c = fgetc(in)) != EOF)
        ok = fputc(c, out) != EOF;
    if (in) fclose(in);
    if (out) ok = fclose(out) == 0 && ok;
    return ok;
}

static void test_sha256(Test *t) {
    static const char *const cases[][2] = {
        {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
        {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
        {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        uint8_t d[SHA256_SIZE];
        char hex[2 * SHA256_SIZE + 1];
        sha256(cases[i][0], strlen(cases[i][0]), d);
        hash_to_hex(d, SHA256_SIZE, hex);
        CHECK(t, strcmp(hex, cases[i][1]) == 0, "sha256(\"%s\") = %s", cases[i][0], hex);
    }
}

/* Part 1: NVRTC and the disk cache; no GPU needed. Returns false if NVRTC is missing. */
static bool test_jit(Test *t, GpuState *G) {
    if (cuda_load_nvrtc(G) < 0) {
        printf("SKIP: no NVRTC (%s)\n", G->err);
        return false;
    }
    printf("NVRTC %d.%d\n", G->nvrtc_major, G->nvrtc_minor);
    JitStats *st = &G->jit.stats;

    JitRequest vadd = request(vadd_src, "sm_90a");
    JitBinary first, again;
    double t0 = now_us();
    int r = jit_compile_to_cubin(G, &vadd, &first);
    double t1 = now_us();
    CHECK(t, r == 0, "compile vadd: %s", G->err);
    if (r != 0) return true;
    printf("INFO first compile (NVRTC start-up included): %.1f ms, CUBIN %zu bytes\n",
           (t1 - t0) / 1e3, first.size);
    CHECK(t, is_elf(&first) && !first.from_disk, "vadd CUBIN is an ELF image, compiled");
    CHECK(t, st->compiles == 1 && st->disk_writes == 1, "one compile, one cache write (%zu, %zu)",
          st->compiles, st->disk_writes);

    t0 = now_us();
    r = jit_compile_to_cubin(G, &vadd, &again);
    t1 = now_us();
    CHECK(t, r == 0 && again.from_disk && same_binary(&first, &again),
          "second compile is a disk hit with the same bytes");
    CHECK(t, st->compiles == 1 && st->disk_hits == 1, "no recompilation on a hit");
    printf("INFO disk cache hit: %.3f ms\n", (t1 - t0) / 1e3);
    jit_binary_free(G, &again);

    char path[4096];
    CHECK(t, jit_cache_path(G, &vadd, path, sizeof path) == 0, "cache path: %s", G->err);
    static const char *const names[] = {"flipped payload byte", "truncated file", "bad magic"};
    for (int how = DAMAGE_FLIP; how <= DAMAGE_MAGIC; how++) {
        size_t compiles = st->compiles, rejected = st->disk_rejected;
        CHECK(t, damage(path, how), "damage %s", path);
        r = jit_compile_to_cubin(G, &vadd, &again);
        CHECK(t, r == 0 && !again.from_disk && same_binary(&first, &again),
              "%s: recompiled to the same CUBIN", names[how]);
        CHECK(t, st->disk_rejected == rejected + 1 && st->compiles == compiles + 1,
              "%s: rejected and recompiled", names[how]);
        jit_binary_free(G, &again);
        r = jit_compile_to_cubin(G, &vadd, &again);
        CHECK(t, r == 0 && again.from_disk && same_binary(&first, &again),
              "%s: the rewritten file is a hit", names[how]);
        jit_binary_free(G, &again);
    }

    /* A file that verifies but sits under another key's name must not be trusted. */
    JitRequest sum = request(sum_src, "sm_90a");
    char sum_path[4096];
    CHECK(t, jit_cache_path(G, &sum, sum_path, sizeof sum_path) == 0, "sum cache path");
    CHECK(t, copy_file(path, sum_path), "copy a cache file under another key");
    size_t rejected = st->disk_rejected;
    r = jit_compile_to_cubin(G, &sum, &again);
    CHECK(t, r == 0 && !again.from_disk && is_elf(&again) && st->disk_rejected == rejected + 1,
          "reduction: a foreign file is rejected, the kernel compiled: %s", G->err);
    jit_binary_free(G, &again);

    /* Options are part of the key. */
    JitRequest fast = vadd;
    fast.flags = JIT_FAST_MATH;
    size_t compiles = st->compiles;
    r = jit_compile_to_cubin(G, &fast, &again);
    CHECK(t, r == 0 && !again.from_disk && st->compiles == compiles + 1,
          "--use_fast_math is a different cache entry");
    jit_binary_free(G, &again);

    JitRequest nodisk = vadd;
    nodisk.flags = JIT_NO_DISK_CACHE;
    r = jit_compile_to_cubin(G, &nodisk, &again);
    CHECK(t, r == 0 && !again.from_disk, "JIT_NO_DISK_CACHE compiles");
    jit_binary_free(G, &again);

    JitRequest wgmma = request(wgmma_src, "sm_90a");
    r = jit_compile_to_cubin(G, &wgmma, &again);
    CHECK(t, r == 0 && is_elf(&again), "wgmma compiles for sm_90a: %s", G->err);
    jit_binary_free(G, &again);
    wgmma.arch = "sm_90";
    r = jit_compile_to_cubin(G, &wgmma, &again);
    printf("INFO wgmma for plain sm_90: %s\n", r == 0 ? "accepted" : "rejected, as expected");
    if (r == 0) jit_binary_free(G, &again);

    JitRequest broken = request(broken_src, "sm_90a");
    r = jit_compile_to_cubin(G, &broken, &again);
    CHECK(t, r < 0 && G->err_kind == GPU_ERR_COMPILE, "a compile error is reported");
    CHECK(t, G->log && strstr(G->log, "undefined_name"), "the NVRTC log names the problem");
    printf("INFO compile error message: %s\n", G->err);
    gpu_clear_error(G);

    JitRequest bad_arch = request(vadd_src, "sm_90a; rm -rf /");
    CHECK(t, jit_compile_to_cubin(G, &bad_arch, &again) < 0, "a malformed arch is refused");
    jit_binary_free(G, &first);
    printf("INFO JIT stats: %zu compiles in %.1f ms, %zu disk hits, %zu rejected, %zu written\n",
           st->compiles, st->compile_ms, st->disk_hits, st->disk_rejected, st->disk_writes);
    return true;
}

static void test_backend_switch(Test *t) {
    GpuState *G = gpu_state_new((kr_allocator){0});
    G->settings.device = "cpu";
    CHECK(t, gpu_backend(G) == GPU_BACKEND_CPU, "device \"cpu\" selects the CPU backend");
    CHECK(t, gpu_init_cuda(G) < 0 && G->libcuda == NULL, "and never loads the driver");
    gpu_state_free(G);

    G = gpu_state_new((kr_allocator){0});
    G->settings.device = "tpu";
    CHECK(t, gpu_backend(G) == GPU_BACKEND_UNDECIDED && G->err_kind == GPU_ERR_CONFIG,
          "device \"tpu\" is an error");
    printf("INFO %s\n", G->err);
    gpu_state_free(G);

    /* Two states in one process, two settings: the environment plays no part. */
    GpuState *cpu = gpu_state_new((kr_allocator){0});
    GpuState *bad = gpu_state_new((kr_allocator){0});
    cpu->settings.device = "cpu";
    bad->settings.device = "gpu0";
    CHECK(t, gpu_backend(bad) == GPU_BACKEND_UNDECIDED && gpu_backend(cpu) == GPU_BACKEND_CPU,
          "each state follows its own settings");
    gpu_state_free(cpu);
    gpu_state_free(bad);
}

typedef struct HostStamp {
    _Atomic double when; /* microseconds, set by the callback */
    atomic_int done;
} HostStamp;

static void host_stamp(void *p) {
    HostStamp *h = p;
    atomic_store(&h->when, now_us());
    atomic_store(&h->done, 1);
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static CUfunction get_kernel(Test *t, GpuState *G, const char *src, const char *name) {
    JitRequest req = request(src, NULL);
    CUfunction f = NULL;
    int r = jit_get_function(G, &req, name, &f);
    CHECK(t, r == 0 && f, "load %s: %s", name, G->err);
    return r == 0 ? f : NULL;
}

static void test_vadd(Test *t, GpuState *G) {
    const unsigned long long n = 1ull << 20;
    size_t bytes = n * sizeof(float);
    float *ha = malloc(bytes), *hb = malloc(bytes), *hc = malloc(bytes);
    for (unsigned long long i = 0; i < n; i++) {
        ha[i] = (float)i;
        hb[i] = 0.5f * (float)(i % 1000);
    }
    CUdeviceptr a = 0, b = 0, c = 0;
    CHECK(t,
          gpu_mem_alloc(G, bytes, NULL, &a) == 0 && gpu_mem_alloc(G, bytes, NULL, &b) == 0 &&
              gpu_mem_alloc(G, bytes, NULL, &c) == 0,
          "allocate: %s", G->err);
    CHECK(t, G->device_bytes == 3 * bytes, "device bytes counted");
    CUfunction f = get_kernel(t, G, vadd_src, "vadd");
    if (f) {
        gpu_copy_to_device(G, a, ha, bytes, NULL);
        gpu_copy_to_device(G, b, hb, bytes, NULL);
        gpu_memset32(G, c, 0xffffffffu, n, NULL);
        void *params[] = {&a, &b, &c, (void *)&n};
        unsigned grid[3] = {(unsigned)((n + 255) / 256), 1, 1}, block[3] = {256, 1, 1};
        CHECK(t, gpu_launch(G, f, grid, block, 0, NULL, params) == 0, "launch: %s", G->err);
        gpu_copy_to_host(G, hc, c, bytes, NULL);
        CHECK(t, gpu_stream_synchronize(G, NULL) == 0, "sync: %s", G->err);
        unsigned long long bad = 0;
        for (unsigned long long i = 0; i < n; i++)
            bad += hc[i] != ha[i] + hb[i];
        CHECK(t, bad == 0, "vadd on 2^20 floats: %llu wrong", bad);
    }
    CUfunction again = get_kernel(t, G, vadd_src, "vadd");
    CHECK(t, again == f && G->jit.stats.memory_hits >= 1, "second lookup is a memory hit");

    /* Reduction: 2^20 ones sum exactly in float. */
    CUfunction sum = get_kernel(t, G, sum_src, "sum_f32");
    if (sum) {
        for (unsigned long long i = 0; i < n; i++)
            ha[i] = 1.0f;
        gpu_copy_to_device(G, a, ha, bytes, NULL);
        gpu_memset32(G, c, 0, 1, NULL);
        void *params[] = {&a, &c, (void *)&n};
        unsigned grid[3] = {(unsigned)(G->sm_count * 4), 1, 1}, block[3] = {256, 1, 1};
        float total = 0;
        CHECK(t, gpu_launch(G, sum, grid, block, 0, NULL, params) == 0, "launch sum");
        gpu_copy_to_host(G, &total, c, sizeof total, NULL);
        gpu_stream_synchronize(G, NULL);
        CHECK(t, total == (float)n, "sum of 2^20 ones = %.1f", total);
    }
    gpu_mem_free(G, a, bytes, NULL);
    gpu_mem_free(G, b, bytes, NULL);
    gpu_mem_free(G, c, bytes, NULL);
    CHECK(t, G->device_bytes == 0, "device bytes back to 0");
    free(ha);
    free(hb);
    free(hc);
}

static void test_errors(Test *t, GpuState *G) {
    CUdeviceptr p;
    size_t huge = G->total_memory * 2; /* more than the device has, not absurd */
    int r = gpu_mem_alloc(G, huge, NULL, &p);
    CHECK(t, r < 0 && G->err_kind == GPU_ERR_OUT_OF_MEMORY && strstr(G->err, "OUT_OF_MEMORY"),
          "twice the device memory fails as out of memory: %s", G->err);
    CHECK(t, G->oom_requested == huge && G->oom_free > 0, "the failed request is recorded");
    printf("INFO %s (asked %zu, free %zu)\n", G->err, G->oom_requested, G->oom_free);
    gpu_clear_error(G);
    CHECK(t, gpu_mem_alloc(G, 0, NULL, &p) == 0 && p == 0, "zero-byte allocation");

    CUfunction f = NULL;
    JitRequest req = request(empty_src, NULL);
    r = jit_get_function(G, &req, "no_such_kernel", &f);
    CHECK(t, r < 0 && strstr(G->err, "no_such_kernel"), "missing kernel name: %s", G->err);
    gpu_clear_error(G);

    CUstream s = NULL;
    CUevent e = NULL;
    CHECK(t, gpu_stream_create(G, &s) == 0 && gpu_event_create(G, false, &e) == 0,
          "stream and event");
    CHECK(t,
          gpu_event_record(G, e, s) == 0 && gpu_stream_synchronize(G, s) == 0 &&
              gpu_stream_query(G, s) == 1 && gpu_event_query(G, e) == 1,
          "idle stream and reached event report so");
    gpu_event_destroy(G, e);
    gpu_stream_destroy(G, s);
}

static void bench_copy(Test *t, GpuState *G) {
    const unsigned long long n = 1ull << 28, n4 = n / 4;
    size_t bytes = n * sizeof(float);
    CUdeviceptr src, dst;
    if (gpu_mem_alloc(G, bytes, NULL, &src) < 0 || gpu_mem_alloc(G, bytes, NULL, &dst) < 0) {
        CHECK(t, 0, "allocate 2 x 1 GiB: %s", G->err);
        return;
    }
    CUfunction f = get_kernel(t, G, copy_src, "copy4");
    gpu_memset32(G, src, 0x3f800000u, n, NULL); /* 1.0f */
    CUevent start, stop;
    gpu_event_create(G, true, &start);
    gpu_event_create(G, true, &stop);
    void *params[] = {&src, &dst, (void *)&n4};
    unsigned grid[3] = {(unsigned)(G->sm_count * 16), 1, 1}, block[3] = {256, 1, 1};
    if (f) {
        gpu_launch(G, f, grid, block, 0, NULL, params); /* warm-up */
        const int iters = 10;
        gpu_event_record(G, start, NULL);
        for (int i = 0; i < iters; i++)
            gpu_launch(G, f, grid, block, 0, NULL, params);
        gpu_event_record(G, stop, NULL);
        float ms = 0;
        CHECK(t,
              gpu_event_synchronize(G, stop) == 0 && gpu_event_elapsed_ms(G, start, stop, &ms) == 0,
              "time the copy: %s", G->err);
        double gbs = 2.0 * (double)bytes * iters / (ms / 1e3) / 1e9;
        printf("INFO copy kernel, 2^28 floats: %.3f ms per copy, %.0f GB/s (read + write)\n",
               ms / iters, gbs);
        float probe[4] = {0};
        gpu_copy_to_host(G, probe, dst + bytes - sizeof probe, sizeof probe, NULL);
        gpu_stream_synchronize(G, NULL);
        CHECK(t, probe[3] == 1.0f, "copy kernel wrote the last element");
    }
    gpu_event_destroy(G, start);
    gpu_event_destroy(G, stop);
    gpu_mem_free(G, src, bytes, NULL);
    gpu_mem_free(G, dst, bytes, NULL);
    gpu_stream_synchronize(G, NULL);
}

static void bench_launch(Test *t, GpuState *G) {
    CUfunction f = get_kernel(t, G, empty_src, "empty");
    if (!f) return;
    unsigned one[3] = {1, 1, 1};
    for (int i = 0; i < 100; i++)
        gpu_launch(G, f, one, one, 0, NULL, NULL);
    gpu_stream_synchronize(G, NULL);

    const int n = 20000;
    double t0 = now_us();
    for (int i = 0; i < n; i++)
        gpu_launch(G, f, one, one, 0, NULL, NULL);
    double t1 = now_us();
    CHECK(t, gpu_stream_synchronize(G, NULL) == 0, "empty kernels ran: %s", G->err);
    double t2 = now_us();
    printf("INFO empty kernel: %.2f us per cuLaunchKernel call, %.2f us per kernel "
           "back to back\n",
           (t1 - t0) / n, (t2 - t0) / n);

    const int m = 2000;
    t0 = now_us();
    for (int i = 0; i < m; i++) {
        gpu_launch(G, f, one, one, 0, NULL, NULL);
        gpu_stream_synchronize(G, NULL);
    }
    t1 = now_us();
    printf("INFO empty kernel launch + stream synchronize: %.2f us round trip\n", (t1 - t0) / m);
}

static void bench_host_func(Test *t, GpuState *G) {
    enum { N = 200 };
    double enqueue_to_callback[N], round_trip[N];
    HostStamp stamp;
    for (int i = 0; i < N; i++) {
        atomic_store(&stamp.done, 0);
        double t0 = now_us();
        if (gpu_launch_host_func(G, NULL, host_stamp, &stamp) < 0) {
            CHECK(t, 0, "cuLaunchHostFunc: %s", G->err);
            return;
        }
        while (!atomic_load(&stamp.done))
            ;
        double t1 = now_us();
        enqueue_to_callback[i] = atomic_load(&stamp.when) - t0;
        round_trip[i] = t1 - t0;
    }
    qsort(enqueue_to_callback, N, sizeof(double), cmp_double);
    qsort(round_trip, N, sizeof(double), cmp_double);
    printf("INFO cuLaunchHostFunc on an idle stream: callback runs %.1f us after the enqueue "
           "(median; p90 %.1f us), seen by the enqueuing thread after %.1f us\n",
           enqueue_to_callback[N / 2], enqueue_to_callback[N * 9 / 10], round_trip[N / 2]);
    gpu_stream_synchronize(G, NULL);
}

static void test_gpu(Test *t, GpuState *G) {
    double t0 = now_us();
    int r = gpu_init_cuda(G);
    double t1 = now_us();
    if (r < 0) {
        printf("SKIP: no GPU (%s)\n", G->err);
        CHECK(t, gpu_backend(G) == GPU_BACKEND_CPU || G->settings.device,
              "without a GPU the CPU backend is chosen");
        return;
    }
    size_t free_bytes = 0, total = 0;
    gpu_mem_info(G, &free_bytes, &total);
    printf("GPU %s, %s, %d SMs, %.1f GiB (%.1f free), driver %d; CUDA start %.1f ms\n",
           G->device_name, G->arch, G->sm_count, (double)G->total_memory / (1u << 30),
           (double)free_bytes / (1u << 30), G->driver_version, (t1 - t0) / 1e3);
    CHECK(t, gpu_backend(G) == GPU_BACKEND_CUDA, "CUDA backend chosen");
    test_vadd(t, G);
    test_errors(t, G);
    bench_copy(t, G);
    bench_launch(t, G);
    bench_host_func(t, G);
    uint64_t used = 0, reserved = 0;
    CHECK(t, gpu_pool_usage(G, &used, &reserved) == 0, "pool usage: %s", G->err);
    printf("INFO pool: %llu bytes used, %llu reserved\n", (unsigned long long)used,
           (unsigned long long)reserved);
    CHECK(t, gpu_mem_trim(G, 0) == 0, "trim the pool: %s", G->err);
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
    return remove(path);
}

int main(int argc, char **argv) {
    Test t = {0, 0};
    char temp_dir[] = "/tmp/krait-gpu-test-XXXXXX";
    const char *cache_dir = argc > 1 ? argv[1] : NULL;
    if (cache_dir) {
        nftw(cache_dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS); /* start from empty */
    } else {
        cache_dir = mkdtemp(temp_dir);
        if (!cache_dir) {
            perror("mkdtemp");
            return 1;
        }
    }

    test_sha256(&t);
    test_backend_switch(&t);

    GpuState *G = gpu_state_new((kr_allocator){0});
    if (!G) {
        printf("FAIL gpu_state_new\n");
        return 1;
    }
    test_settings_from_env(G);
    CHECK(&t, G->libcuda == NULL && G->libnvrtc == NULL, "a new state loads nothing");
    jit_set_cache_dir(G, cache_dir);
    test_jit(&t, G);
    test_gpu(&t, G);
    gpu_state_free(G);

    if (argc <= 1) nftw(cache_dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    printf("%s: %d checks, %d failed\n", t.failures ? "FAILED" : "OK", t.checks, t.failures);
    return t.failures ? 1 : 0;
}
