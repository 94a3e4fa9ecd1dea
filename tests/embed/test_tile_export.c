/* test_tile_export.c: the loader of ct.export output (krait.h "Tile kernels exported by
 * ct.export"). A script exports two kernels for sm_90a (NVRTC, no GPU needed; without
 * NVRTC those parts are skipped with a message); the host loads them back and checks the
 * description, the argument checks and the bad-input errors; then it launches them: on a
 * GPU (KRAIT_DEVICE=cuda) with device pointers of arrays made by a script, compared with
 * what NumPy-style host code expects; elsewhere the launch must fail with a RuntimeError.
 * Last, a foreign DLPack tensor goes through a script's ct.launch. */
#include <string.h>
#include <unistd.h>

#include "embed_test.h"

static const char *const export_script =
    "import gpu, tile as ct\n"
    "@ct.kernel\n"
    "def axpy(x, y, out, alpha: float, n: int, T: ct.Constant[int]):\n"
    "    i = ct.bid(0)\n"
    "    a = ct.load(x, (i,), (T,))\n"
    "    b = ct.load(y, (i,), (T,))\n"
    "    ct.store(out, (i,), alpha * a + b + n)\n"
    "@ct.kernel\n"
    "def check(x):\n"
    "    v = ct.load(x, (ct.bid(0),), (4,))\n"
    "    ct.assert_(ct.sum(v) < 20, 'sum too big')\n"
    "x = gpu.zeros(8, dtype=gpu.float32)\n"
    "ct.export(axpy, (x, x, x, 2.0, 1, 4), PATH, arch='sm_90a')\n"
    "ct.export(check, (x,), PATH2, arch='sm_90a')\n";

static int export_kernels(kr_interp *I, const char *path, const char *path2) {
    kr_value *p = kr_str(I, path), *p2 = kr_str(I, path2);
    CHECK(p && p2);
    CHECK(kr_set_global(I, "PATH", p) == KR_OK && kr_set_global(I, "PATH2", p2) == KR_OK);
    kr_release(I, p);
    kr_release(I, p2);
    if (kr_run_string(I, export_script, "export.py") != KR_OK) {
        fprintf(stderr, "SKIP export (no NVRTC?): %s: %s\n", kr_error_type(I), kr_error_message(I));
        return 0;
    }
    return 1;
}

static void expect_error(kr_interp *I, const char *type, const char *text) {
    if (strcmp(kr_error_type(I), type) != 0)
        fprintf(stderr, "got %s: %s (wanted %s: %s)\n", kr_error_type(I), kr_error_message(I), type,
                text);
    CHECK(strcmp(kr_error_type(I), type) == 0);
    if (!strstr(kr_error_message(I), text)) {
        fprintf(stderr, "message: %s (wanted %s)\n", kr_error_message(I), text);
        CHECK(0);
    }
}

/* descriptions that must be refused, each with the ValueError text it gives */
static void test_bad_descriptions(kr_interp *I) {
    static const char cubin[] = "not a cubin";
    static const struct {
        const char *json, *error;
    } bad[] = {
        {"{", "Expecting"},
        {"[]", "not a JSON object"},
        {"{\"format\": \"other\"}", "unknown format"},
        {"{\"format\": \"krait-tile-kernel-1\"}", "\"kernel\" must be a string"},
        {"{\"format\": \"krait-tile-kernel-1\", \"kernel\": \"k\", \"source_name\": \"k\", "
         "\"arch\": \"sm_90a\", \"block\": [100, 1, 1], \"shared_bytes\": 0, "
         "\"argument_words\": 1, \"params\": [], \"assert_word\": false}",
         "multiple of 32"},
        {"{\"format\": \"krait-tile-kernel-1\", \"kernel\": \"k\", \"source_name\": \"k\", "
         "\"arch\": \"sm_90a\", \"block\": [128, 1, 1], \"shared_bytes\": 0, "
         "\"argument_words\": 2, \"params\": [{\"name\": \"a\", \"kind\": \"array\", \"dtype\": "
         "\"float32\", \"rank\": 1, \"words\": 3}], \"assert_word\": false}",
         "\"argument_words\" does not match"},
        {"{\"format\": \"krait-tile-kernel-1\", \"kernel\": \"k\", \"source_name\": \"k\", "
         "\"arch\": \"sm_90a\", \"block\": [128, 1, 1], \"shared_bytes\": 0, "
         "\"argument_words\": 1, \"params\": [{\"name\": \"a\", \"kind\": \"scalar\", \"dtype\": "
         "\"float99\", \"words\": 1}], \"assert_word\": false}",
         "unknown dtype"},
        {"{\"format\": \"krait-tile-kernel-1\", \"kernel\": \"k\", \"source_name\": \"k\", "
         "\"arch\": \"sm_90a\", \"block\": [128, 1, 1], \"shared_bytes\": 0, "
         "\"argument_words\": 1, \"params\": [{\"name\": \"a\", \"kind\": \"array\", \"dtype\": "
         "\"int32\", \"rank\": 2, \"words\": 3}], \"assert_word\": false}",
         "word count does not match"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        kr_tile_kernel *k = kr_tile_load_data(I, cubin, sizeof cubin, bad[i].json);
        CHECK(!k);
        expect_error(I, i == 0 ? "JSONDecodeError" : "ValueError", bad[i].error);
    }
    CHECK(!kr_tile_load_data(I, NULL, 0, "{}"));
    expect_error(I, "ValueError", "no CUBIN");
    CHECK(!kr_tile_load(I, "/nonexistent/kernel.cubin"));
    expect_error(I, "ValueError", "cannot open /nonexistent/kernel.cubin");
    /* a good one, loaded from memory: a scalar-only kernel without a GPU */
    kr_tile_kernel *k = kr_tile_load_data(
        I, cubin, sizeof cubin,
        "{\"format\": \"krait-tile-kernel-1\", \"kernel\": \"kr_tile_k\", \"source_name\": "
        "\"k\", \"arch\": \"sm_90a\", \"block\": [256, 1, 1], \"shared_bytes\": 0, "
        "\"argument_words\": 2, \"params\": [{\"name\": \"flag\", \"kind\": \"scalar\", "
        "\"dtype\": \"bool\", \"words\": 1}, {\"name\": \"u\", \"kind\": \"scalar\", \"dtype\": "
        "\"uint8\", \"words\": 1}], \"assert_word\": false}");
    CHECK(k);
    CHECK(strcmp(kr_tile_name(k), "k") == 0 && kr_tile_nparams(k) == 2);
    kr_tile_arg a[2] = {{.kind = KR_TILE_INT, .i = 2}, {.kind = KR_TILE_INT, .i = 3}};
    unsigned grid[3] = {1, 1, 1};
    CHECK(kr_tile_launch(I, k, grid, NULL, 2, a) == KR_ERROR);
    expect_error(I, "OverflowError", "2 does not fit parameter flag (bool)");
    a[0].i = 1;
    a[1].i = 256;
    CHECK(kr_tile_launch(I, k, grid, NULL, 2, a) == KR_ERROR);
    expect_error(I, "OverflowError", "256 does not fit parameter u (uint8)");
    a[1].kind = KR_TILE_FLOAT;
    CHECK(kr_tile_launch(I, k, grid, NULL, 2, a) == KR_ERROR);
    expect_error(I, "TypeError", "argument u must be a uint8 scalar");
    kr_tile_free(I, k);
}

static void test_exported(kr_interp *I, const char *path, const char *path2) {
    kr_tile_kernel *k = kr_tile_load(I, path);
    if (!k) fprintf(stderr, "%s: %s\n", kr_error_type(I), kr_error_message(I));
    CHECK(k);
    CHECK(strcmp(kr_tile_name(k), "axpy") == 0);
    CHECK(kr_tile_nparams(k) == 5); /* T is folded away */
    static const char *const names[] = {"x", "y", "out", "alpha", "n"};
    static const char *const dtypes[] = {"float32", "float32", "float32", "float32", "int32"};
    for (int i = 0; i < 5; i++) {
        kr_tile_param p;
        CHECK(kr_tile_param_info(k, i, &p) == KR_OK);
        CHECK(strcmp(p.name, names[i]) == 0 && strcmp(p.dtype, dtypes[i]) == 0);
        CHECK(p.is_array == (i < 3) && p.rank == (i < 3 ? 1 : 0));
    }
    kr_tile_param p;
    CHECK(kr_tile_param_info(k, 5, &p) == KR_ERROR);

    /* arrays made by a script; their device pointers (or host ones without a GPU) */
    CHECK(kr_run_string(I,
                        "import gpu\nn = 10\nxs = gpu.arange(n, dtype=gpu.float32)\n"
                        "ys = gpu.full(n, 0.5, dtype=gpu.float32)\n"
                        "out = gpu.zeros(n, dtype=gpu.float32)\n"
                        "ints = gpu.zeros(n, dtype=gpu.int32)\n"
                        "m = gpu.zeros((2, 5), dtype=gpu.float32)\n",
                        "setup.py") == KR_OK);
    kr_array_desc d[5];
    const char *arrays[] = {"xs", "ys", "out", "ints", "m"};
    for (int i = 0; i < 5; i++) {
        kr_value *v = NULL;
        CHECK(kr_get_global(I, arrays[i], &v) == KR_OK);
        CHECK(kr_array_info(I, v, &d[i]) == KR_OK);
        kr_release(I, v);
    }
    kr_tile_arg args[5];
    for (int i = 0; i < 3; i++)
        args[i] = (kr_tile_arg){.kind = KR_TILE_ARRAY,
                                .data = d[i].data,
                                .dtype = d[i].dtype,
                                .ndim = 1,
                                .shape = d[i].shape};
    args[3] = (kr_tile_arg){.kind = KR_TILE_INT, .i = 3}; /* an int for a float: converted */
    args[4] = (kr_tile_arg){.kind = KR_TILE_INT, .i = 100};
    unsigned grid[3] = {3, 1, 1}; /* 3 tiles of 4 cover 10 elements, the last one masked */

    /* argument checks, before anything touches the device */
    CHECK(kr_tile_launch(I, k, grid, NULL, 4, args) == KR_ERROR);
    expect_error(I, "TypeError", "kernel axpy takes 5 arguments, 4 given");
    kr_tile_arg bad = args[1];
    args[1] = (kr_tile_arg){.kind = KR_TILE_ARRAY,
                            .data = d[3].data,
                            .dtype = d[3].dtype,
                            .ndim = 1,
                            .shape = d[3].shape};
    CHECK(kr_tile_launch(I, k, grid, NULL, 5, args) == KR_ERROR);
    expect_error(I, "TypeError", "argument y must be a float32 array, got int32");
    args[1] = (kr_tile_arg){.kind = KR_TILE_ARRAY,
                            .data = d[4].data,
                            .dtype = d[4].dtype,
                            .ndim = 2,
                            .shape = d[4].shape};
    CHECK(kr_tile_launch(I, k, grid, NULL, 5, args) == KR_ERROR);
    expect_error(I, "TypeError", "argument y must have 1 dimensions, got 2");
    args[1] = (kr_tile_arg){.kind = KR_TILE_FLOAT, .f = 1.0};
    CHECK(kr_tile_launch(I, k, grid, NULL, 5, args) == KR_ERROR);
    expect_error(I, "TypeError", "argument y must be an array");
    args[1] = bad;
    args[4] = (kr_tile_arg){.kind = KR_TILE_FLOAT, .f = 1.0};
    CHECK(kr_tile_launch(I, k, grid, NULL, 5, args) == KR_ERROR);
    expect_error(I, "TypeError", "argument n must be a int32 scalar");
    args[4] = (kr_tile_arg){.kind = KR_TILE_INT, .i = 1ll << 40};
    CHECK(kr_tile_launch(I, k, grid, NULL, 5, args) == KR_ERROR);
    expect_error(I, "OverflowError", "does not fit parameter n (int32)");
    args[4] = (kr_tile_arg){.kind = KR_TILE_INT, .i = 100};
    unsigned huge[3] = {1, 70000, 1};
    CHECK(kr_tile_launch(I, k, huge, NULL, 5, args) == KR_ERROR);
    expect_error(I, "ValueError", "grid dimension 1 is 70000");
    unsigned none[3] = {0, 1, 1};
    CHECK(kr_tile_launch(I, k, none, NULL, 5, args) == KR_OK); /* launches nothing */

    int on_gpu = d[0].device == KR_DEVICE_CUDA;
    kr_value *backend = NULL;
    CHECK(kr_eval(I, "gpu.backend() == 'cuda' and gpu.device()['name'] != 'krait mock device'",
                  &backend) == KR_OK);
    int real = 0;
    CHECK(kr_to_bool(I, backend, &real) == KR_OK);
    kr_release(I, backend);
    int rc = kr_tile_launch(I, k, grid, NULL, 5, args);
    if (!on_gpu || !real) {
        CHECK(rc == KR_ERROR);
        expect_error(I, "RuntimeError", on_gpu ? "mock device" : "needs the CUDA backend");
        fprintf(stderr, "SKIP the device launch: %s\n", kr_error_message(I));
    } else {
        CHECK(rc == KR_OK);
        /* the script's view of out: its device copy was written behind its back */
        CHECK(kr_run_string(I,
                            "gpu.synchronize()\n"
                            "want = 3 * gpu.arange(10, dtype=gpu.float32) + 0.5 + 100\n"
                            "ok = bool(gpu.array_equal(gpu.asarray(out.tolist()), want))\n",
                            "check.py") == KR_OK);
        kr_value *ok = NULL;
        int b = 0;
        CHECK(kr_get_global(I, "ok", &ok) == KR_OK && kr_to_bool(I, ok, &b) == KR_OK);
        kr_release(I, ok);
        CHECK(b);
        /* ct.assert_ in an exported kernel: the failure names the script line */
        kr_tile_kernel *c = kr_tile_load(I, path2);
        CHECK(c);
        kr_tile_arg xa = {.kind = KR_TILE_ARRAY,
                          .data = d[0].data,
                          .dtype = d[0].dtype,
                          .ndim = 1,
                          .shape = d[0].shape};
        unsigned g1[3] = {1, 1, 1}, g2[3] = {3, 1, 1};
        CHECK(kr_tile_launch(I, c, g1, NULL, 1, &xa) == KR_OK);    /* 0+1+2+3 < 20 */
        CHECK(kr_tile_launch(I, c, g2, NULL, 1, &xa) == KR_ERROR); /* 4+5+6+7 is not */
        expect_error(I, "AssertionError", "export.py:11: sum too big (block (1, 0, 0))");
        kr_tile_free(I, c);
        printf("device launch ok\n");
    }
    kr_tile_free(I, k);
}

static int dl_deleted;
static void dl_deleter(kr_dlmanaged_tensor *t) {
    dl_deleted++;
    free(t);
}

/* A foreign DLPack tensor (host memory, every other element: strided, with a byte offset)
 * imported with kr_array_from_dlpack and handed to a script's ct.launch: the kernel writes
 * the host's memory in place (SPEC §3: DLPack-exported arrays as launch arguments). */
static void test_dlpack_launch(const char *device) {
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.gpu_device = device;
    cfg.gpu_cache_dir = "";
    kr_interp *I = kr_new(&cfg);
    CHECK(I);
    float buf[11];
    for (int i = 0; i < 11; i++)
        buf[i] = (float)i;
    kr_dlmanaged_tensor *t = calloc(1, sizeof *t);
    CHECK(t);
    static int64_t shape[1] = {5}, strides[1] = {2};
    t->dl_tensor.data = buf;
    t->dl_tensor.byte_offset = sizeof(float); /* elements 1, 3, 5, 7, 9 */
    t->dl_tensor.device.device_type = KR_DL_CPU;
    t->dl_tensor.ndim = 1;
    t->dl_tensor.dtype.code = KR_DL_FLOAT;
    t->dl_tensor.dtype.bits = 32;
    t->dl_tensor.dtype.lanes = 1;
    t->dl_tensor.shape = shape;
    t->dl_tensor.strides = strides;
    t->deleter = dl_deleter;
    dl_deleted = 0;
    kr_value *a = kr_array_from_dlpack(I, t);
    CHECK(a && kr_set_global(I, "foreign", a) == KR_OK);
    int rc = kr_run_string(I,
                           "import tile as ct\n"
                           "@ct.kernel\n"
                           "def scale(x, T: ct.Constant[int]):\n"
                           "    v = ct.load(x, (ct.bid(0),), (T,))\n"
                           "    ct.store(x, (ct.bid(0),), v * 10 + 1)\n"
                           "ct.launch(None, (2,), scale, (foreign, 3))\n",
                           "dlpack.py");
    if (rc != KR_OK) fprintf(stderr, "%s: %s\n", kr_error_type(I), kr_error_message(I));
    CHECK(rc == KR_OK);
    kr_array_desc d; /* brings the host memory up to date on the CUDA backend */
    CHECK(kr_array_info(I, a, &d) == KR_OK);
    for (int i = 0; i < 11; i++)
        CHECK(buf[i] == (i % 2 ? (float)i * 10 + 1 : (float)i));
    kr_release(I, a);
    kr_free(I);
    CHECK(dl_deleted == 1);
}

/* argv[1]: the gpu_device setting ("mock" in CI's second run, "cuda" on a GPU machine) */
int main(int argc, char **argv) {
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.gpu_device = argc > 1 ? argv[1] : NULL;
    cfg.gpu_cache_dir = "";
    kr_interp *I = kr_new(&cfg);
    CHECK(I);
    test_bad_descriptions(I);
    char path[] = "/tmp/krait_tile_export_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    close(fd);
    char path2[sizeof path + 8];
    snprintf(path2, sizeof path2, "%s.check", path);
    if (export_kernels(I, path, path2)) test_exported(I, path, path2);
    char j[sizeof path2 + 8];
    remove(path);
    snprintf(j, sizeof j, "%s.json", path);
    remove(j);
    remove(path2);
    snprintf(j, sizeof j, "%s.json", path2);
    remove(j);
    kr_free(I);
    test_dlpack_launch(cfg.gpu_device);
    printf("ok\n");
    return 0;
}
