/* prebuilt_test.c: the prebuilt kernels (gpu/runtime/jit_prebuilt.h) against a stand-in
 * driver, no GPU needed. The table the build generated must be current (each entry's key is
 * the key of the interpreter's source as this library generates it) and hold CUBINs for the
 * archs it names; the lookup picks the entry a device can run (same major version, highest
 * minor not above the device's); jit_prebuilt_function loads it once through the driver's
 * cuModuleLoadData (no NVRTC), falls back quietly when the driver refuses the image, and
 * finds nothing for another source or an arch the table lacks.
 *   prebuilt_test [EXPECTED_ARCHS]   e.g. "sm_80;sm_90": the build's KRAIT_PREBUILT_ARCHS
 * (empty or absent: a build without the table, which must then be empty). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../gpu/kernels/kernels_internal.h"
#include "../../gpu/runtime/jit_prebuilt.h"
#include "test_check.h"

/* The stand-in driver's state (single-threaded test: reached through one pointer). */
typedef struct Fake {
    int loads, refuse;
    const void *image;
} Fake;
static Fake *fake;

static CUresult fake_load(CUmodule *m, const void *image) {
    fake->loads++;
    fake->image = image;
    if (fake->refuse) return (CUresult)209; /* CUDA_ERROR_NO_BINARY_FOR_GPU */
    *m = (CUmodule)(uintptr_t)(0x1000 + fake->loads);
    return CUDA_SUCCESS;
}
static CUresult fake_function(CUfunction *f, CUmodule m, const char *name) {
    *f = strcmp(name, "kr_fuse_interp") == 0 ? (CUfunction)((uintptr_t)m + 1) : NULL;
    return *f ? CUDA_SUCCESS : (CUresult)500; /* CUDA_ERROR_NOT_FOUND */
}
static CUresult fake_unload(CUmodule m) {
    (void)m;
    return CUDA_SUCCESS;
}

static GpuState *fake_state(int major, int minor) {
    kr_allocator al = {NULL, NULL};
    GpuState *G = gpu_state_new(al);
    CHECK(G);
    G->api.cuModuleLoadData = fake_load;
    G->api.cuModuleGetFunction = fake_function;
    G->api.cuModuleUnload = fake_unload;
    G->device_state = 1; /* as after a start; the handles are never dereferenced */
    G->cc_major = major;
    G->cc_minor = minor;
    snprintf(G->arch, sizeof G->arch, "sm_%d%d", major, minor);
    return G;
}

/* The SM number a CUBIN's ELF header names (CUDA 13 keeps it in e_flags bits 8-15, earlier
 * toolkits in bits 0-7). */
static int elf_sm(const unsigned char *p) {
    unsigned flags = (unsigned)p[48] | (unsigned)p[49] << 8 | (unsigned)p[50] << 16;
    return (int)((flags >> 8) & 0xff) >= 20 ? (int)((flags >> 8) & 0xff) : (int)(flags & 0xff);
}

static const JitPrebuilt *entry_for(int major, int minor) {
    for (size_t i = 0; i < jit_prebuilt_count; i++)
        if (jit_prebuilt_table[i].cc_major == major && jit_prebuilt_table[i].cc_minor == minor)
            return &jit_prebuilt_table[i];
    return NULL;
}

int main(int argc, char **argv) {
    const char *expect = argc > 1 ? argv[1] : "";
    Fake f = {0, 0, NULL};
    fake = &f;
    GpuState *G = fake_state(9, 0);
    KSource src;
    ksrc_init(&src, G);
    kernels_interp_source(&src);
    CHECK(!src.failed);
    char *source = strdup(src.buf); /* outlives the state whose allocator made src */
    CHECK(source);
    ksrc_free(&src);
    uint8_t key[SHA256_SIZE];
    jit_prebuilt_key("kr_fuse_interp", source, key);

    /* the table: what the build asked for when this machine has NVRTC (CI builds and tests
     * on one machine), else nothing; every entry current and a CUBIN of its arch */
    bool nvrtc = cuda_load_nvrtc(G) == 0;
    gpu_clear_error(G);
    size_t want = 0;
    for (const char *p = expect; nvrtc && *p; p++)
        if (p == expect || p[-1] == ';') want++;
    printf("prebuilt_test: %zu entries (expected %zu: '%s', NVRTC %s)\n", jit_prebuilt_count, want,
           expect, nvrtc ? "here" : "absent");
    CHECK(jit_prebuilt_count == want);
    for (size_t i = 0; i < jit_prebuilt_count; i++) {
        const JitPrebuilt *e = &jit_prebuilt_table[i];
        char arch[16];
        snprintf(arch, sizeof arch, "sm_%d%d", e->cc_major, e->cc_minor);
        printf("  %s %s %zu bytes\n", e->name, arch, e->size);
        CHECK(strcmp(e->name, "kr_fuse_interp") == 0 && strstr(expect, arch));
        CHECK(memcmp(e->key, key, SHA256_SIZE) == 0); /* the table is not stale */
        CHECK(e->size > 1024 && memcmp(e->cubin, "\177ELF", 4) == 0);
        CHECK(e->cubin[18] == 190 && e->cubin[19] == 0); /* e_machine EM_CUDA */
        CHECK(elf_sm(e->cubin) == e->cc_major * 10 + e->cc_minor);
    }

    /* the lookup: same major, the highest minor not above the device's */
    const JitPrebuilt *e80 = entry_for(8, 0), *e90 = entry_for(9, 0);
    CHECK(jit_prebuilt_find(key, 9, 0) == e90);
    CHECK(jit_prebuilt_find(key, 8, 6) == e80 && jit_prebuilt_find(key, 8, 9) == e80);
    CHECK(jit_prebuilt_find(key, 7, 5) == entry_for(7, 5));
    CHECK(jit_prebuilt_find(key, 10, 0) == entry_for(10, 0));
    uint8_t other[SHA256_SIZE];
    jit_prebuilt_key("kr_fuse_interp", "another source", other);
    CHECK(jit_prebuilt_find(other, 9, 0) == NULL);

    /* loading: the entry's image through cuModuleLoadData, once; kernel found */
    CUfunction fn = NULL;
    int r = jit_prebuilt_function(G, "kr_fuse_interp", source, "kr_fuse_interp", &fn);
    CHECK(r == (e90 ? 1 : 0));
    if (e90) {
        CHECK(fn && f.loads == 1 && f.image == e90->cubin);
        CUfunction again = NULL;
        CHECK(jit_prebuilt_function(G, "kr_fuse_interp", source, "kr_fuse_interp", &again) == 1);
        CHECK(again == fn && f.loads == 1); /* the memory cache */
    }
    CHECK(jit_prebuilt_function(G, "kr_fuse_interp", "another source", "kr_fuse_interp", &fn) ==
              0 &&
          fn == NULL);
    G->device_state = 0;
    gpu_state_free(G);

    /* an sm_86 device runs the sm_80 CUBIN; a driver that refuses it: compile as before */
    f = (Fake){0, 0, NULL};
    G = fake_state(8, 6);
    r = jit_prebuilt_function(G, "kr_fuse_interp", source, "kr_fuse_interp", &fn);
    CHECK(r == (e80 ? 1 : 0) && (!e80 || f.image == e80->cubin));
    G->device_state = 0;
    gpu_state_free(G);
    f = (Fake){0, 1, NULL};
    G = fake_state(9, 0);
    r = jit_prebuilt_function(G, "kr_fuse_interp", source, "kr_fuse_interp", &fn);
    CHECK(r == 0 && fn == NULL && f.loads == (e90 ? 1 : 0) && G->err_kind == GPU_OK);
    /* a device the table has no CUBIN for: nothing loaded */
    G->cc_major = 6;
    G->cc_minor = 1;
    f = (Fake){0, 0, NULL};
    CHECK(jit_prebuilt_function(G, "kr_fuse_interp", source, "kr_fuse_interp", &fn) == 0);
    CHECK(f.loads == 0);
    free(source);
    G->device_state = 0;
    gpu_state_free(G);
    printf("prebuilt_test: ok\n");
    return 0;
}
