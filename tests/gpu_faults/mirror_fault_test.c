/* mirror_fault_test.c: a device failure while the host mirror is brought up to date must
 * raise at the line that read the array, not at a later one (issue 11, the as_array gap).
 *
 * Each case runs on the mock device (the CUDA backend's code, no GPU): a setup script makes
 * a device-resident array whose host mirror is stale (a pending fused expression), then
 * the test replaces the mock's device-to-host copy with one that fails as a faulted kernel
 * makes it fail on a real device (CUDA_ERROR_ILLEGAL_ADDRESS, sticky: every later call
 * fails too), and runs one statement that reads the array through the host code followed by
 * `reached = 1`. The statement must fail with the CUDA error, with the traceback at its own
 * line, and `reached` must not be set. A second form catches the error in the script and
 * checks that the statement after the try block runs (the interpreter keeps going).
 *
 * Links krait_internal: it reaches the GpuState's driver table, which is internal. */
#include <string.h>

#include "../../gpu/runtime/gpu.h"
#include "../../vm/interp.h"
#include "../embed/embed_test.h"

#define ILLEGAL_ADDRESS 700

static CUresult faulted_dtoh(void *dst, CUdeviceptr src, size_t bytes, CUstream s) {
    (void)dst, (void)src, (void)bytes, (void)s;
    return ILLEGAL_ADDRESS;
}

/* The statements that read a stale mirror through the host code (as_array): natives,
 * methods, type slots, getters and setters, module functions. (gpu.where is a fused device
 * expression on CUDA, concatenate and stack copy on the device, sort, argsort and cumsum run
 * there: they read no mirror; nonzero, unique and masks read their count back.) */
static const char *const cases[] = {
    "v = float(s)",
    "v = int(s)",
    "v = float(r)",
    "v = float(r + 1)", /* r + 1 alone stays on the device */
    "v = [0, 1, 2][int(r) % 3]",
    "v = bool(s)",
    "v = s.item()",
    "v = x.flatten()",
    "v = x.ravel(order='F')",
    "v = list(x.flat)",
    "v = range(i)",
    "v = [0, 1, 2, 3][i]",
    "v = gpu.array([x, x])",
    "v = gpu.array(x, dtype=gpu.int32)",
    "v = [e for e in x]",
    "v = x[k]",
    "v = x.tolist()",
    "v = repr(x)",
    "v = str(x)",
    "v = x.round(1)",
    "v = x.reshape((2, 5), order='F')",
    "v = x.reshape((2, 5)).copy(order='F')",
    "x.shape = (5, 2)",
    "v = gpu.nonzero(x)",
    "v = gpu.percentile(x, 50)",
    "v = gpu.median(x)",
    "v = gpu.unique(x)",
    "v = gpu.diff(x)",
    "v = gpu.histogram(x, 3)",
    "v = gpu.searchsorted(x, 4.0)",
    "v = gpu.take(x, [1, 2])",
    "v = int(x.argmax())",
    "v = x[x > 3]",
    "x[k] = 5.0",
    "x[x > 3] = 0.0",
    "v = x.dot(x)",
    "v = gpu.linalg.norm(x)",
    "v = x.astype(gpu.int32).tolist()",
    "v = x @ x",
    "v = x.sum() + 0.5; v = float(v)", /* x.sum() alone stays on the device */
    "v = x + 1; v = v.tolist()",
};

/* s: a 0-d float array, i: a 0-d int array (an index), k: an int index array, x: 10
 * floats, r: a sum still on the device; none of them on the host yet. */
static const char setup[] = "import gpu\n"
                            "x = gpu.arange(10.0) * 2 + 1\n"
                            "s = gpu.array(1.5)\n"
                            "s += 3\n"
                            "i = gpu.array(1)\n"
                            "i += 1\n"
                            "k = gpu.array([1, 2]) + 0\n"
                            "r = (k * 2).sum()\n";

static kr_interp *fresh(void) {
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.gpu_device = "mock";
    kr_interp *K = kr_new(&cfg);
    CHECK(K);
    if (kr_run_string(K, setup, "<setup>") != KR_OK) {
        fprintf(stderr, "setup failed: %s\n", kr_error_traceback(K));
        exit(1);
    }
    Interp *I = (Interp *)K;
    CHECK(I->gpu && I->gpu->mock);
    I->gpu->api.cuMemcpyDtoHAsync = faulted_dtoh;
    return K;
}

/* The statement alone: KR_ERROR with the CUDA error at line 1, and line 2 never ran. */
static int run_plain(const char *stmt) {
    kr_interp *K = fresh();
    char src[512];
    snprintf(src, sizeof src, "%s\nreached = 1\n", stmt);
    int rc = kr_run_string(K, src, "<case>");
    int bad = 0;
    const char *tb = rc == KR_ERROR ? kr_error_traceback(K) : "";
    if (rc != KR_ERROR) {
        fprintf(stderr, "FAIL %-40s no error raised (rc %d)\n", stmt, rc);
        bad = 1;
    } else if (!strstr(kr_error_message(K), "CUDA error")) {
        fprintf(stderr, "FAIL %-40s raised another error:\n%s\n", stmt, tb);
        bad = 1;
    } else if (!strstr(tb, "line 1,")) {
        fprintf(stderr, "FAIL %-40s raised, but not at line 1:\n%s\n", stmt, tb);
        bad = 1;
    }
    if (!bad && kr_run_string(K, "assert 'reached' not in globals()", "<check>") != KR_OK) {
        fprintf(stderr, "FAIL %-40s the next line ran\n", stmt);
        bad = 1;
    }
    kr_free(K);
    return bad;
}

/* The statement in a try block: caught as RuntimeError there, and the script goes on. */
static int run_caught(const char *stmt) {
    kr_interp *K = fresh();
    char src[768];
    snprintf(src, sizeof src,
             "caught = None\n"
             "try:\n"
             "    %s\n"
             "    caught = 'no error'\n"
             "except RuntimeError as e:\n"
             "    caught = str(e)\n"
             "assert 'CUDA error' in caught, caught\n"
             "assert sum(range(100)) == 4950\n",
             stmt);
    int rc = kr_run_string(K, src, "<caught>");
    int bad = rc != KR_OK;
    if (bad) fprintf(stderr, "FAIL %-40s (in try): %s\n", stmt, kr_error_traceback(K));
    kr_free(K);
    return bad;
}

int main(void) {
    int failed = 0, n = (int)(sizeof cases / sizeof cases[0]);
    for (int c = 0; c < n; c++) {
        failed += run_plain(cases[c]);
        failed += run_caught(cases[c]);
    }
    if (failed) {
        fprintf(stderr, "%d of %d checks failed\n", failed, 2 * n);
        return 1;
    }
    printf("ok: %d statements, each raises at its own line\n", n);
    return 0;
}
