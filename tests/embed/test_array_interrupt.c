/* test_array_interrupt.c: long array operations on the CPU backend stop for run limits and
 * kr_interrupt (what Ctrl-C sends) in the middle of their native loops, instead of running
 * to the end: a matmul, a sort, a reduction, strided and contiguous elementwise work. The
 * step-limit cases are deterministic (each poll of a native loop counts one step); the
 * interrupt case is timed from another thread. */
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "embed_test.h"
#include "krait.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* setup runs unlimited; stmt runs under a step limit and must stop on it; then check runs
 * unlimited to see that the interpreter works on. */
static void limited(const char *setup, const char *stmt, unsigned long long steps) {
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.check_interval = 10;
    cfg.gpu_device = "cpu";
    kr_interp *I = kr_new(&cfg);
    CHECK(I);
    CHECK(kr_run_string(I, setup, "<setup>") == KR_OK);
    kr_set_step_limit(I, steps);
    int rc = kr_run_string(I, stmt, "<limited>");
    if (rc != KR_LIMIT) fprintf(stderr, "not stopped: %s\n", stmt);
    CHECK(rc == KR_LIMIT && kr_limit_reason(I) == KR_LIMIT_STEPS);
    CHECK(strcmp(kr_error_type(I), "KeyboardInterrupt") == 0);
    kr_set_step_limit(I, 0);
    CHECK(kr_run_string(I, "ok = 1", "<after>") == KR_OK);
    kr_free(I);
}

typedef struct Stopper {
    kr_interp *I;
    double delay;
} Stopper;

static void *stopper(void *arg) {
    Stopper *s = arg;
    struct timespec ts = {0, (long)(s->delay * 1e9)};
    nanosleep(&ts, NULL);
    kr_interrupt(s->I);
    return NULL;
}

int main(void) {
    if (!vm_has_limit_hook()) return 0;
    const char *np = "import numpy as np\n";
    char setup[256];

    snprintf(setup, sizeof setup, "%sa = np.ones((600, 600))\n", np);
    limited(setup, "b = a @ a", 200);
    snprintf(setup, sizeof setup, "%sx = np.random.rand(1000000)\n", np);
    limited(setup, "y = np.sort(x)", 100);
    limited(setup, "y = np.argsort(x)", 100);
    snprintf(setup, sizeof setup, "%sm = np.ones((3000, 3000))\n", np);
    limited(setup, "s = m.sum(axis=0)", 60);
    limited(setup, "s = m.T.sum()", 60);
    limited(setup, "s = m.T.copy()", 60);
    limited(setup, "s = m[:, ::2] * 2.0", 60);
    limited(setup, "s = np.sqrt(m[::2])", 40);
    limited(setup, "m[:, ::3] = 5.0", 40);
    snprintf(setup, sizeof setup, "%sx = np.ones(40000000)\n", np);
    limited(setup, "y = x + x", 20);
    limited(setup, "y = np.exp(x)", 20);

    /* kr_interrupt from another thread in the middle of a big CPU matmul (minutes without
     * the polls) */
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.gpu_device = "cpu";
    kr_interp *I = kr_new(&cfg);
    CHECK(I);
    CHECK(kr_run_string(I, "import numpy as np\na = np.ones((1500, 1500))\n", "<s>") == KR_OK);
    Stopper s = {I, 0.2};
    pthread_t t;
    double t0 = now();
    CHECK(pthread_create(&t, NULL, stopper, &s) == 0);
    CHECK(kr_run_string(I, "b = a @ a", "<mm>") == KR_ERROR);
    double took = now() - t0;
    pthread_join(t, NULL);
    CHECK(strcmp(kr_error_type(I), "KeyboardInterrupt") == 0);
    if (took > 3.0) fprintf(stderr, "interrupt took %.2f s\n", took);
    CHECK(took < 3.0);
    CHECK(kr_run_string(I, "c = (a[:4, :4] @ a[:4, :4])[0, 0]\nassert c == 4.0\n", "<a>") == KR_OK);
    kr_free(I);
    return 0;
}
