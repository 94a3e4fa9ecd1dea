/* fuzz_common.h: what every krait fuzz target shares (tests/fuzz/README.md): a fresh
 * interpreter per input under small limits, output thrown away, and the rule for what counts
 * as a finding. A target defines LLVMFuzzerTestOneInput; built with -DKRAIT_FUZZ=ON (clang)
 * it is a libFuzzer binary, otherwise replay_main.c runs it over its corpus as a regression
 * test.
 *
 * A finding is a crash, a sanitizer report, a leak (kr_free must give back every byte), a
 * hang past the limits, or a run that ends with an error code that an input cannot cause:
 * fuzz_check_rc aborts then, so libFuzzer keeps the input. */
#ifndef KRAIT_FUZZ_COMMON_H
#define KRAIT_FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "krait.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Counts the bytes the interpreter holds, so a leak inside krait's own accounting (memory
 * kr_free does not give back) is a finding even where ASan's leak check is off. */
typedef struct FuzzAlloc {
    size_t live;
} FuzzAlloc;

static inline void *fuzz_alloc_fn(void *ud, void *ptr, size_t old_size, size_t new_size) {
    FuzzAlloc *a = ud;
    if (new_size == 0) {
        free(ptr);
        a->live -= old_size;
        return NULL;
    }
    void *p = realloc(ptr, new_size);
    if (p) a->live += new_size - old_size;
    return p;
}

static inline void fuzz_sink(void *ud, const char *d, size_t n) {
    (void)ud, (void)d, (void)n;
}

/* The limits every run gets: small enough that libFuzzer's timeout (10 s) is never the one
 * that stops a script, large enough that real programs finish. */
#define FUZZ_MEMORY_LIMIT (64u << 20)
#define FUZZ_STEP_LIMIT   200000ull
#define FUZZ_TIME_LIMIT   2.0

static inline kr_interp *fuzz_new(FuzzAlloc *a, int sandbox) {
    kr_config cfg;
    kr_config_init(&cfg);
    a->live = 0;
    cfg.allocator.fn = fuzz_alloc_fn;
    cfg.allocator.ud = a;
    cfg.write_out = fuzz_sink;
    cfg.write_err = fuzz_sink;
    cfg.memory_limit = FUZZ_MEMORY_LIMIT;
    cfg.step_limit = FUZZ_STEP_LIMIT;
    cfg.time_limit = FUZZ_TIME_LIMIT;
    cfg.check_interval = 1000;
    cfg.sandbox = sandbox;
    cfg.gpu_device = "cpu"; /* the fuzzers never need a device; CI machines have none */
    kr_interp *I = kr_new(&cfg);
    if (!I) {
        fprintf(stderr, "fuzz: kr_new failed\n");
        abort();
    }
    return I;
}

/* Frees I and checks that every byte came back. */
static inline void fuzz_free(kr_interp *I, FuzzAlloc *a) {
    kr_free(I);
    if (a->live != 0) {
        fprintf(stderr, "fuzz: %zu bytes not given back by kr_free\n", a->live);
        abort();
    }
}

/* What a script may end with. After KR_ERROR the error's type and traceback must be
 * readable. With strict (a target's own driver script, which raises nothing else itself), an
 * internal error (SystemError) or a failed self-check (AssertionError) is a finding too. */
static inline void fuzz_check_rc(kr_interp *I, int rc, int strict) {
    if (getenv("KRAIT_FUZZ_VERBOSE")) /* to see what an input does: how far the driver got */
        fprintf(stderr, "fuzz: rc %d %s\n", rc, rc == KR_ERROR ? kr_error_traceback(I) : "");
    if (rc == KR_ERROR) {
        const char *type = kr_error_type(I);
        const char *tb = kr_error_traceback(I);
        if (!type || !tb) {
            fprintf(stderr, "fuzz: KR_ERROR without a readable error\n");
            abort();
        }
        if (strict && (!strcmp(type, "SystemError") || !strcmp(type, "AssertionError"))) {
            fprintf(stderr, "fuzz: finding: %s\n", tb);
            abort();
        }
        kr_error_clear(I);
        return;
    }
    if (rc != KR_OK && rc != KR_LIMIT && rc != KR_EXIT) {
        fprintf(stderr, "fuzz: unexpected result code %d\n", rc);
        abort();
    }
}

/* A str handle for bytes that are UTF-8, else a bytes handle: either way the script gets
 * the input (scripts test `isinstance(x, bytes)` where it matters). */
static inline kr_value *fuzz_text(kr_interp *I, const uint8_t *data, size_t n) {
    kr_value *v = kr_strn(I, (const char *)data, n);
    if (!v) {
        kr_error_clear(I);
        v = kr_bytes(I, data, n);
    }
    return v;
}

/* Runs a driver script with the globals names[i] = vals[i] set first; returns its rc. */
static inline int fuzz_run_driver(kr_interp *I, const char *driver, int n, const char *const *names,
                                  kr_value *const *vals) {
    for (int i = 0; i < n; i++) {
        if (!vals[i] || kr_set_global(I, names[i], vals[i]) != KR_OK) {
            fprintf(stderr, "fuzz: could not set the global %s\n", names[i]);
            abort();
        }
    }
    return kr_run_string(I, driver, "<fuzz>");
}

#endif
