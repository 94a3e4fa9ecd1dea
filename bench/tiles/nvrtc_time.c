/* nvrtc_time.c: how long NVRTC takes on generated tile kernels (bench/tiles/compile_time.sh).
 * No GPU needed. Usage:
 *   nvrtc_time [-n REPEAT] [-o OPTION]... FILE.cu...
 * For each file: compiles it REPEAT times to an sm_90a CUBIN with krait's base options
 * (-arch=sm_90a -default-device -std=c++17) plus the -o options, and prints
 *   TIME file first_ms best_ms cubin_bytes      (CPU milliseconds of the process)
 * The first compile of the process also pays NVRTC's start-up (its builtins library and
 * NVVM's initialisation); "startup" is printed first: one compile of an empty kernel. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, built outside the tree by compile_time.sh */
#include <nvrtc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* CPU time of the process, not wall time: NVRTC compiles on the calling thread, and on a
 * shared machine CPU time is what stays comparable between runs */
static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) n = 0;
    if (buf) buf[n] = '\0';
    fclose(f);
    return buf;
}

/* one compile; returns ms, or -1 on an error (log printed) */
static double compile(const char *src, const char *name, int nopt, const char **opts,
                      size_t *cubin) {
    double t0 = now_ms();
    nvrtcProgram p;
    if (nvrtcCreateProgram(&p, src, name, 0, NULL, NULL) != NVRTC_SUCCESS) return -1;
    nvrtcResult r = nvrtcCompileProgram(p, nopt, opts);
    if (r == NVRTC_SUCCESS) r = nvrtcGetCUBINSize(p, cubin);
    double ms = now_ms() - t0;
    if (r != NVRTC_SUCCESS) {
        size_t n = 0;
        nvrtcGetProgramLogSize(p, &n);
        char *log = malloc(n + 1);
        if (log && nvrtcGetProgramLog(p, log) == NVRTC_SUCCESS)
            fprintf(stderr, "%s: %s\n", name, log);
        free(log);
        ms = -1;
    }
    nvrtcDestroyProgram(&p);
    return ms;
}

int main(int argc, char **argv) {
    const char *opts[64] = {"-arch=sm_90a", "-default-device", "-std=c++17"};
    int nopt = 3, repeat = 3, status = 0;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc)
            repeat = atoi(argv[++i]);
        else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc && nopt < 64)
            opts[nopt++] = argv[++i];
        else {
            fprintf(stderr, "usage: nvrtc_time [-n REPEAT] [-o OPTION]... FILE.cu...\n");
            return 2;
        }
    }
    size_t size;
    double ms = compile("extern \"C\" __global__ void k() {}\n", "empty.cu", nopt, opts, &size);
    printf("TIME startup %.1f\n", ms);
    for (; i < argc; i++) {
        char *src = slurp(argv[i]);
        if (!src) {
            fprintf(stderr, "cannot read %s\n", argv[i]);
            return 2;
        }
        double first = -1, best = 1e30;
        for (int k = 0; k < repeat; k++) {
            double t = compile(src, argv[i], nopt, opts, &size);
            if (t < 0) {
                status = 1;
                break;
            }
            if (k == 0) first = t;
            if (t < best) best = t;
        }
        const char *base = strrchr(argv[i], '/');
        printf("TIME %s %.1f %.1f %zu\n", base ? base + 1 : argv[i], first, best, size);
        free(src);
    }
    return status;
}
