/* test_alloc_fail.c: an allocator that fails the Nth allocation, for N = 1, 2, 3... until a
 * representative script completes. Every run must end with a result code (never a crash),
 * and kr_free must give back every byte (live bytes counted here return to 0). Then the
 * harder mode, a real out-of-memory: every allocation from the Nth on fails (sampled over
 * the run's allocations, so CI stays short; `embed_test_alloc_fail MAX STEP` for more).
 * `embed_test_alloc_fail MAX STEP SCRIPT.py [FROM]` runs the sticky mode over that script
 * instead (its folder on the module path), every STEP-th N from FROM on: the long sweep of
 * docs/RELIABILITY.md over tests/lang. */
#include <poll.h>
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

static const char *default_script =
    "class P:\n    def __init__(self, x): self.x = x\n"
    "def g(n):\n    for i in range(n): yield {'k': [i, str(i), P(i)]}\n"
    "t = sum(len(d['k'][1]) for d in g(50))\n"
    "s = ' '.join(sorted({str(i % 7) for i in range(30)}))\n"
    "try:\n    {}['x']\nexcept KeyError as e:\n    r = repr(e)\n"
    "print(t, s, r, f'{3.5:>8}', (1 << 70) // 3)\n";

/* g's unit has a cell (b) and a free variable (a): the compiler allocates both arrays, and
 * a failure of the second must give back the first by its size (it leaked 7 bytes). */
static const char *closure_script = "def f():\n    a = 1\n    def g():\n        b = 2\n"
                                    "        def h():\n            return a + b\n"
                                    "        return h\n    return g\nprint(f()()())\n";

/* asyncio's loop starts a timer: its slot and idle-id arrays grew together, and when the
 * second realloc failed the first was later freed by a size it no longer had (127 bytes
 * lost; found by the tests/lang sweep over async_errors.py and async_to_thread.py). */
static const char *async_script = "import asyncio\nasyncio.run(asyncio.sleep(0.001))\n";

/* One run of script failing at the nth allocation (sticky: and every one after), with dir
 * (may be NULL) on the module path; the result code. */
static int run_once(const char *script, const char *dir, long long n, bool sticky,
                    long long *count) {
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
        if (dir) (void)kr_add_module_path(I, dir); /* may fail: an allocation */
        rc = kr_run_string(I, script, "<alloc>");
        CHECK(rc == KR_OK || rc == KR_ERROR || rc == KR_NOMEM || rc == KR_EXIT);
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

static void sticky_mode(const char *script, const char *dir, long long step, long long from) {
    long long total;
    int full = run_once(script, dir, -1, true, &total);
    long long runs = 0;
    for (long long n = from; n < total; n += n < 200 ? 1 : step, runs++)
        run_once(script, dir, n, true, NULL);
    printf("test_alloc_fail: every allocation from the Nth on failing: %lld runs over %lld "
           "allocations (rc %d without failures), ok\n",
           runs, total, full);
    CHECK(full == KR_OK || dir); /* a tests/lang script may end with its own error */
}

/* The host drives the event loop (kr_loop_step, as test_loop does) under a lasting
 * out-of-memory: tasks with timers, a done callback and a gather, every allocation from the
 * Nth on failing, N over the loop's run. Each run must end: kr_loop_step says idle (0) or
 * fails (a negative code, MemoryError) within a bounded number of steps. It hung: a failed
 * step returned KR_ERROR, which is 1, what a host reads as "work left", so the host polled
 * the fd for ever (docs/RELIABILITY.md). */
static const char *loop_setup = "import asyncio\n"
                                "log = []\n"
                                "async def tick(name, n):\n"
                                "    for i in range(n):\n"
                                "        log.append(name + str(i))\n"
                                "        await asyncio.sleep(0.001)\n"
                                "    return name\n"
                                "async def both():\n"
                                "    return await asyncio.gather(tick('c', 2), tick('d', 1))\n"
                                "loop = asyncio.get_event_loop()\n"
                                "t1 = loop.create_task(tick('a', 3))\n"
                                "t2 = loop.create_task(both())\n"
                                "t1.add_done_callback(lambda t: log.append('done'))\n";

/* One run failing from the nth allocation after the setup (n < 0: none); the count of the
 * loop phase's allocations in *count. */
static void loop_once(long long n, long long *count) {
    Counting c = {0, -1, true, false, 0};
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.allocator.fn = counting_alloc;
    cfg.allocator.ud = &c;
    cfg.write_out = sink;
    cfg.write_err = sink;
    kr_interp *I = kr_new(&cfg);
    CHECK(I);
    CHECK(kr_run_string(I, loop_setup, "<setup>") == KR_OK);
    int fd = kr_loop_fd(I);
    CHECK(fd >= 0);
    long long start = c.count;
    c.countdown = n;
    int steps = 0, more;
    while ((more = kr_loop_step(I)) == 1) {
        if (++steps > 2000) {
            fprintf(stderr, "N=%lld after the setup: the host-driven loop never ends\n", n);
            exit(1);
        }
        int ms = kr_loop_timeout(I);
        struct pollfd p = {fd, POLLIN, 0};
        if (ms != 0) (void)poll(&p, 1, ms < 0 || ms > 5 ? 5 : ms);
    }
    CHECK(more == 0 || more == -KR_NOMEM || more == -KR_ERROR);
    c.failed = false; /* memory again: the error reads, and the interpreter goes on */
    c.countdown = -1;
    if (more == -KR_ERROR) CHECK(strcmp(kr_error_type(I), "MemoryError") == 0);
    CHECK(kr_run_string(I, "x = len(log)\n", "<after>") == KR_OK);
    if (n < 0) {
        CHECK(more == 0);
        CHECK(kr_run_string(I,
                            "assert t1.result() == 'a' and t2.result() == ['c', 'd']\n"
                            "assert sorted(log) == ['a0', 'a1', 'a2', 'c0', 'c1', 'd0', 'done']\n",
                            "<check>") == KR_OK);
    }
    if (count) *count = c.count - start;
    kr_free(I);
    if (c.live != 0) {
        fprintf(stderr, "loop N=%lld: %zu bytes leaked (rc %d)\n", n, c.live, more);
        exit(1);
    }
}

static void host_loop_mode(void) {
    long long total;
    loop_once(-1, &total);
    for (long long n = 0; n < total; n++)
        loop_once(n, NULL);
    printf("test_alloc_fail: the host-driven loop under a lasting out-of-memory: %lld runs, ok\n",
           total);
}

/* A builtins entry, an exception class or a sys stream that failed to be made at its first
 * lookup (one allocation failing, the Nth after kr_new) is made at the next: each run
 * after must see every name (it saw NameError: the entry was marked made though absent). */
static void lazy_retry_mode(void) {
    const char *first = "r = sorted([2, 1]) + [len('ab')]\n"
                        "try:\n    {}[0]\nexcept KeyError:\n    pass\n"
                        "import sys\nv = sys.version_info[0]\nprint(end='')\n";
    const char *again = "assert sorted([2, 1]) == [1, 2] and len('ab') == 2\n"
                        "assert KeyError.__name__ == 'KeyError' and sys.version_info[0] == 3\n"
                        "print(end='')\n";
    long long n, runs = 0;
    for (n = 0;; n++, runs++) {
        Counting c = {0, -1, false, false, 0};
        kr_config cfg;
        kr_config_init(&cfg);
        cfg.allocator.fn = counting_alloc;
        cfg.allocator.ud = &c;
        cfg.write_out = sink;
        cfg.write_err = sink;
        kr_interp *I = kr_new(&cfg);
        CHECK(I);
        c.countdown = n;
        int rc = kr_run_string(I, first, "<first>");
        bool failed = c.failed;
        c.countdown = -1; /* the rest runs with memory */
        CHECK(rc == KR_OK || rc == KR_ERROR || rc == KR_NOMEM);
        int rc2 = kr_run_string(I, "import sys\n", "<import>");
        rc2 = rc2 == KR_OK ? kr_run_string(I, again, "<again>") : rc2;
        if (rc2 != KR_OK) {
            fprintf(stderr, "lazy retry N=%lld (rc %d): %s: %s\n%s\n", n, rc, kr_error_type(I),
                    kr_error_message(I), kr_error_traceback(I));
            exit(1);
        }
        kr_free(I);
        CHECK(c.live == 0);
        if (!failed) break; /* the first script ran without reaching the Nth */
    }
    printf("test_alloc_fail: lazily made entries after a failed first lookup: %lld runs, ok\n",
           runs);
}

/* The whole file, NUL-terminated, or NULL. */
static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    if (buf) buf[n] = '\0';
    fclose(f);
    return buf;
}

int main(int argc, char **argv) {
    long long max = argc > 1 ? atoll(argv[1]) : 1000000;
    long long step = argc > 2 ? atoll(argv[2]) : 97;
    if (argc > 3) {
        char *src = read_file(argv[3]);
        CHECK(src);
        char *dir = strdup(argv[3]);
        char *slash = strrchr(dir, '/');
        if (slash) *slash = '\0';
        sticky_mode(src, slash ? dir : ".", step, argc > 4 ? atoll(argv[4]) : 0);
        free(dir);
        free(src);
        return 0;
    }
    /* every N past what kr_new and an empty script need: each allocation of the
     * compiler and the run fails once */
    long long base;
    CHECK(run_once("pass\n", NULL, -1, true, &base) == KR_OK);
    sticky_mode(closure_script, NULL, 1, base - 20);
    lazy_retry_mode();
    /* every N past the import (without libuv there is no asyncio: nothing to sweep) */
    long long imported;
    if (run_once("import asyncio\n", NULL, -1, true, &imported) == KR_OK) {
        sticky_mode(async_script, NULL, 1, imported);
        host_loop_mode();
    }
    const char *script = default_script;
    sticky_mode(script, NULL, step, 0);
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
