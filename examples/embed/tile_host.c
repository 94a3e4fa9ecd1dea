/* tile_host.c: a C host that runs a tile kernel exported by ct.export, without a script at
 * launch time (krait.h "Tile kernels exported by ct.export").
 *
 *   tile_host [KERNEL.cubin]
 *
 * Without an argument it first exports one itself: a script defines a scaled vector add and
 * writes tile_host_vadd.cubin + .json with ct.export (for the GPU's arch, or sm_90a without
 * a GPU, which needs only NVRTC). Then, as any host would: kr_tile_load, a look at the
 * parameters, device memory for the arrays (here gpu arrays made by krait, whose device
 * pointers kr_array_info hands out; cuMemAlloc memory works the same), kr_tile_launch, and a
 * check of the result. Without a GPU it stops after printing the parameters. */
#include <stdio.h>
#include <string.h>

#include "krait.h"

static int fail(kr_interp *I, const char *what) {
    fprintf(stderr, "%s: %s: %s\n", what, kr_error_type(I), kr_error_message(I));
    kr_free(I);
    return 1;
}

int main(int argc, char **argv) {
    kr_interp *I = kr_new(NULL);
    if (!I) return 1;
    const char *path = argc > 1 ? argv[1] : "tile_host_vadd.cubin";
    if (argc <= 1 &&
        kr_run_string(I,
                      "import gpu, tile as ct\n"
                      "@ct.kernel\n"
                      "def vadd(a, b, c, scale: float, T: ct.Constant[int]):\n"
                      "    i = ct.bid(0)\n"
                      "    x = ct.load(a, (i,), (T,))\n"
                      "    y = ct.load(b, (i,), (T,))\n"
                      "    ct.store(c, (i,), x * scale + y)\n"
                      "x = gpu.zeros(1, dtype=gpu.float32)\n"
                      "arch = None if gpu.backend() == 'cuda' else 'sm_90a'\n"
                      "ct.export(vadd, (x, x, x, 1.0, 256), 'tile_host_vadd.cubin', arch=arch)\n",
                      "export_vadd.py") != KR_OK)
        return fail(I, "export");

    kr_tile_kernel *k = kr_tile_load(I, path);
    if (!k) return fail(I, "load");
    printf("kernel %s:", kr_tile_name(k));
    for (int i = 0; i < kr_tile_nparams(k); i++) {
        kr_tile_param p;
        kr_tile_param_info(k, i, &p);
        printf(" %s (%s %s%s)", p.name, p.dtype, p.is_array ? "array, rank " : "scalar",
               p.is_array ? (p.rank == 1 ? "1" : "n") : "");
    }
    printf("\n");

    /* device memory: three float32 vectors of n elements */
    enum { N = 1000 };
    if (kr_run_string(I,
                      "import gpu\n"
                      "a = gpu.arange(1000, dtype=gpu.float32)\n"
                      "b = gpu.ones(1000, dtype=gpu.float32)\n"
                      "c = gpu.zeros(1000, dtype=gpu.float32)\n"
                      "on_gpu = gpu.backend() == 'cuda'\n",
                      "arrays.py") != KR_OK)
        return fail(I, "arrays");
    kr_array_desc d[3];
    const char *names[3] = {"a", "b", "c"};
    for (int i = 0; i < 3; i++) {
        kr_value *v = NULL;
        if (kr_get_global(I, names[i], &v) != KR_OK || kr_array_info(I, v, &d[i]) != KR_OK)
            return fail(I, "array_info");
        kr_release(I, v);
    }
    if (d[0].device != KR_DEVICE_CUDA) {
        printf("no GPU here: the kernel loads and its arguments check, but it cannot run\n");
        kr_tile_free(I, k);
        kr_free(I);
        return 0;
    }
    int64_t n = N;
    kr_tile_arg args[4];
    for (int i = 0; i < 3; i++)
        args[i] = (kr_tile_arg){
            .kind = KR_TILE_ARRAY, .data = d[i].data, .dtype = KR_FLOAT32, .ndim = 1, .shape = &n};
    args[3] = (kr_tile_arg){.kind = KR_TILE_FLOAT, .f = 2.0};
    unsigned grid[3] = {(N + 255) / 256, 1, 1};
    if (kr_tile_launch(I, k, grid, NULL, 4, args) != KR_OK) return fail(I, "launch");
    /* the arrays are krait's: the script sees what the kernel wrote (on the device) */
    if (kr_run_string(I,
                      "gpu.synchronize()\n"
                      "got = gpu.asarray(c.tolist())\n"
                      "assert bool(gpu.array_equal(got, a * 2 + b)), got\n"
                      "print('c[:4] =', got[:4].tolist(), 'ok')\n",
                      "check.py") != KR_OK)
        return fail(I, "check");
    kr_tile_free(I, k);
    kr_free(I);
    return 0;
}
