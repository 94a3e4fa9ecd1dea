/* test_alloc_fail.c: an allocator that fails the Nth allocation, for N = 1, 2, 3... until a
 * representative script completes. Every run must end with a result code (never a crash),
 * and kr_free must give back every byte (live bytes counted here return to 0). Then the
 * harder mode, a real out-of-memory: every allocation from the Nth on fails (sampled over
 * the run's allocations, so CI stays short; `embed_test_alloc_fail MAX STEP` for more). */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "embed_test.h"
#include "krait.h"

typedef struct Counting {
    size_t live;
    long long countdown; /* fail when it reaches 0; negative: never */
    bool sticky;         /* once failed, fail every later allocation */
    bool failed;
    long long count; /* allocations made */
} Counting;

static void *counting_alloc(void *ud, void *ptr, size_t old_size, size_t new_size) {
    Counting *c = ud;
    if (new_size == 0) {
        free(ptr);
        c->live -= old_size;
        return NULL;
    }
    c->count++;
    if (c->failed && c->sticky) return NULL;
    if (c->countdown >= 0 && c->countdown-- == 0) {
        c->failed = true;
        return NULL;
    }
    void *p = realloc(ptr, new_size);
    if (p) c->live += new_size - old_size;
    return p;
}

static void sink(void *ud, const char *d, size_t n) {}

static const char *script = "class P:\n    def __init__(self, x): self.x = x\n"
                            "def g(n):\n    for i in range(n): yield {'k': [i, str(i), P(i)]}\n"
                            "t = sum(len(d['k'][1]) for d in g(50))\n"
                            "s = ' '.join(sorted({str(i % 7) for i in range(30)}))\n"
                            "try:\n    {}['x']\nexcept KeyError as e:\n    r = repr(e)\n"
                            "print(t, s, r, f'{3.5:>8}', (1 << 70) // 3)\n";

/* One run failing at the nth allocation (sticky: and every one after); the result code. */
static int run_once(long long n, bool sticky, long long *count) {
    Counting c = {0, n, sticky, false, 0};
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.allocator.fn = counting_alloc;
    cfg.allocator.ud = &c;
    cfg.write_out = sink;
    cfg.write_err = sink;
    kr_interp *I = kr_new(&cfg);
    int rc = -1;
    if (I) {
        rc = kr_run_string(I, script, "<alloc>");
        CHECK(rc == KR_OK || rc == KR_ERROR || rc == KR_NOMEM);
        if (rc == KR_ERROR) {
            (void)kr_error_type(I);
            (void)kr_error_traceback(I);
        }
        kr_free(I);
    }
    if (c.live != 0) {
        fprintf(stderr, "N=%lld%s: %zu bytes leaked (rc %d)\n", n, sticky ? " on" : "", c.live, rc);
        exit(1);
    }
    if (count) *count = c.count;
    return rc;
}

static void sticky_mode(long long step) {
    long long total;
    CHECK(run_once(-1, true, &total) == KR_OK);
    long long runs = 0;
    for (long long n = 0; n < total; n += n < 200 ? 1 : step, runs++)
        run_once(n, true, NULL);
    printf("test_alloc_fail: every allocation from the Nth on failing: %lld runs over %lld "
           "allocations, ok\n",
           runs, total);
}

int main(int argc, char **argv) {
    long long max = argc > 1 ? atoll(argv[1]) : 1000000;
    long long step = argc > 2 ? atoll(argv[2]) : 97;
    sticky_mode(step);
    for (long long n = 0; n < max; n++) {
        Counting c = {0, n, false, false, 0};
        kr_config cfg;
        kr_config_init(&cfg);
        cfg.allocator.fn = counting_alloc;
        cfg.allocator.ud = &c;
        cfg.write_out = sink;
        cfg.write_err = sink;
        kr_interp *I = kr_new(&cfg);
        int rc = -1;
        if (I) {
            rc = kr_run_string(I, script, "<alloc>");
            CHECK(rc == KR_OK || rc == KR_ERROR || rc == KR_NOMEM);
            if (rc == KR_ERROR) {
                const char *t = kr_error_type(I); /* must not crash either */
                (void)kr_error_traceback(I);
                (void)t;
            }
            kr_free(I);
        }
        if (c.live != 0) {
            fprintf(stderr, "N=%lld: %zu bytes leaked (rc %d)\n", n, c.live, rc);
            return 1;
        }
        if (rc == KR_OK && c.countdown >= 0) {
            printf("test_alloc_fail: ok after %lld failure points\n", n);
            return 0;
        }
    }
    printf("test_alloc_fail: stopped at %lld\n", max);
    return 0;
}
