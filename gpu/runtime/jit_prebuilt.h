/* jit_prebuilt.h: kernels compiled to CUBIN when krait was built, so that their first use in a
 * process needs no NVRTC at all (issue 14's first-use row: the graph-interpreting kernel,
 * gpu/kernels/kernels_interp.c). tools/prebuild/prebuild_kernels.c compiles each program with
 * the build machine's NVRTC for a list of architectures and writes the table as C
 * (build/generated/prebuilt_kernels.c); an entry is taken only when the source the running
 * library generates hashes to the entry's key, so a stale table is never used (the kernel then
 * compiles as before). */
#ifndef KRAIT_GPU_JIT_PREBUILT_H
#define KRAIT_GPU_JIT_PREBUILT_H

#include <stddef.h>
#include <stdint.h>

#include "cuda.h"
#include "hash.h"

struct GpuState;

typedef struct JitPrebuilt {
    const char *name;         /* the program's JitRequest name */
    int cc_major, cc_minor;   /* compiled for sm_<major><minor> */
    uint8_t key[SHA256_SIZE]; /* jit_prebuilt_key(name, source) */
    const unsigned char *cubin;
    size_t size;
} JitPrebuilt;

/* The table the build generated (empty when the build machine had no NVRTC). */
extern const JitPrebuilt jit_prebuilt_table[];
extern const size_t jit_prebuilt_count;

/* The key an entry is filed under: SHA-256 over a format tag, the program's name and its
 * source (neither NVRTC's version nor the arch: the entry records those). */
void jit_prebuilt_key(const char *name, const char *source, uint8_t key[SHA256_SIZE]);

/* The entry for key that the device of compute capability (major, minor) can run: the same
 * major version and the highest minor not above the device's (a CUBIN runs on later minor
 * versions of its major one). NULL when none. */
const JitPrebuilt *jit_prebuilt_find(const uint8_t key[SHA256_SIZE], int major, int minor);

/* kernel_name of the prebuilt CUBIN of (name, source) loaded for the device: 1 with *out, 0
 * when there is none for the device or the driver refused it (G's error left clear: compile
 * as before), -1 on an error that is not the table's (the device could not start). */
int jit_prebuilt_function(struct GpuState *G, const char *name, const char *source,
                          const char *kernel_name, CUfunction *out);

#endif
