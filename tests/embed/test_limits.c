/* test_limits.c: run limits hold against scripts that spend their time or memory inside
 * native code (sum over a huge range, max of an endless iterator, big-int powers, sleep,
 * the compiler), not just in bytecode loops. Each script runs in a fresh interpreter with a
 * small limit; the test checks the result code, the limit's reason, that it stopped within
 * a wall-clock bound, and (for memory) the peak bytes the host's allocator handed out. */
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "embed_test.h"
#include "krait.h"

static int failures; /* reported together at the end: one escape does not hide the next */

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* An allocator that records the peak of what it handed out. */
typedef struct Peak {
    size_t used, peak;
} Peak;

static void *peak_alloc(void *ud, void *ptr, size_t old_size, size_t new_size) {
    Peak *p = ud;
    if (new_size == 0) {
        free(ptr);
        p->used -= old_size;
        return NULL;
    }
    void *q = realloc(ptr, new_size);
    if (!q) return NULL;
    p->used = p->used - old_size + new_size;
    if (p->used > p->peak) p->peak = p->used;
    return q;
}

static void quiet(void *ud, const char *data, size_t len) {
    (void)ud, (void)data, (void)len;
}

typedef struct Run {
    int rc, reason;
    double seconds;
    size_t peak;
    char error_type[64];
} Run;

/* Run src in a fresh interpreter with the given limits (0: none). */
static Run run_limited(const char *src, double time_limit, unsigned long long steps,
                       size_t memory) {
    Peak pk = {0, 0};
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.allocator.fn = peak_alloc;
    cfg.allocator.ud = &pk;
    cfg.write_out = quiet;
    cfg.write_err = quiet;
    cfg.time_limit = time_limit;
    cfg.step_limit = steps;
    cfg.memory_limit = memory;
    kr_interp *I = kr_new(&cfg);
    CHECK(I);
    size_t base = pk.peak;
    pk.peak = pk.used;
    double t0 = now();
    Run r;
    r.rc = kr_run_string(I, src, "<limits>");
    r.seconds = now() - t0;
    r.reason = kr_limit_reason(I);
    r.peak = pk.peak > base ? pk.peak : base;
    const char *et = r.rc == KR_ERROR || r.rc == KR_LIMIT ? kr_error_type(I) : NULL;
    snprintf(r.error_type, sizeof r.error_type, "%s", et ? et : "");
    kr_free(I);
    CHECK(pk.used == 0); /* everything given back */
    return r;
}

/* Time limits reach native loops: each must stop as KR_LIMIT within a few times the limit. */
static void test_native_loops_time(void) {
    static const char *const scripts[] = {
        "sum(range(10**18))",
        "import itertools\nmax(itertools.count())",
        "import itertools\nmin(itertools.count())",
        "import itertools\nany(itertools.repeat(0))",
        "import itertools\nall(itertools.repeat(1))",
        "import itertools\nsorted(itertools.islice(itertools.count(), 10**12))",
        "import itertools\nlist(map(abs, itertools.repeat(0)))",
        "import itertools\nsum(itertools.repeat(1))",
        "import itertools\n''.join(itertools.repeat(''))",
        "import itertools\nset(itertools.repeat(1))",
        "import itertools\ndict.fromkeys(itertools.repeat(1))",
        "import itertools\nfor x in zip(itertools.count(), itertools.count()): pass",
        "import itertools\nsum(map(abs, itertools.count()))",
        "import itertools\nlist(filter(None, itertools.repeat(0)))",
        "import itertools\n0 in itertools.repeat(1)",
        "import itertools\nb = bytes(itertools.islice(itertools.repeat(0), 10**12))",
        "import itertools\nlen(tuple(filter(None, itertools.count())))",
        "7 ** 10 ** 8",
        "x = 3 ** 10 ** 7\ny = x * x * x",
        "import time\ntime.sleep(1000)",
        "import time\nwhile True:\n    try: time.sleep(1000)\n    except BaseException: pass",
        "d = {}\nclass K:\n    def __hash__(self): return 1\n    def __eq__(self, o):\n"
        "        d.clear(); d[K()] = 1; return False\nd[K()] = 1\nd.get(K())",
        /* loops whose few steps are long natives: the clock was read every check_interval
         * steps (10,000 sorts, joins, ... later: 20-60 s and more); the alarm thread of
         * api_timer.c stops them at the deadline */
        "L = list(range(10**5, 0, -1))\nwhile True: sorted(L)",
        "s = 'ab' * 10**6\nwhile True: s.replace('a', 'cc')",
        "L = [str(i) for i in range(10**5)]\nwhile True: ','.join(L)",
        "import json\nd = [{'a': i, 'b': [1, 2]} for i in range(10**4)]\nwhile True: json.dumps(d)",
        "L = list(range(10**6))\nwhile True: L * 5",
        "b = bytes(10**7)\nwhile True: b.count(b'x')",
    };
    for (size_t i = 0; i < sizeof scripts / sizeof *scripts; i++) {
        Run r = run_limited(scripts[i], 0.3, 0, 0);
        if (r.rc != KR_LIMIT || r.reason != KR_LIMIT_TIME || r.seconds > 3.0) {
            fprintf(stderr, "time limit escaped: rc %d reason %d %.2fs %s: %s\n", r.rc, r.reason,
                    r.seconds, r.error_type, scripts[i]);
            failures++;
        }
    }
    /* step limits count native iterations too */
    static const char *const stepping[] = {
        "sum(range(10**18))",
        "import itertools\nmax(itertools.count())",
        "import itertools\nany(itertools.repeat(0))",
        "import itertools\nlist(map(abs, itertools.repeat(0)))",
    };
    for (size_t i = 0; i < sizeof stepping / sizeof *stepping; i++) {
        Run r = run_limited(stepping[i], 0, 1000000, 0);
        if (r.rc != KR_LIMIT || r.reason != KR_LIMIT_STEPS || r.seconds > 3.0) {
            fprintf(stderr, "step limit escaped: rc %d reason %d %.2fs: %s\n", r.rc, r.reason,
                    r.seconds, stepping[i]);
            failures++;
        }
    }
}

/* kr_interrupt from another thread wakes a sleeping script. */
typedef struct Poke {
    kr_interp *I;
    double delay;
} Poke;

static void *poke_later(void *arg) {
    Poke *p = arg;
    usleep((useconds_t)(p->delay * 1e6));
    kr_interrupt(p->I);
    return NULL;
}

static void test_sleep_interrupt(void) {
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.write_err = quiet;
    kr_interp *I = kr_new(&cfg);
    CHECK(I);
    Poke p = {I, 0.2};
    pthread_t t;
    CHECK(pthread_create(&t, NULL, poke_later, &p) == 0);
    double t0 = now();
    int rc = kr_run_string(I, "import time\ntime.sleep(1000)", "<sleep>");
    double dt = now() - t0;
    pthread_join(t, NULL);
    CHECK(rc == KR_ERROR && strcmp(kr_error_type(I), "KeyboardInterrupt") == 0);
    CHECK(dt < 3.0);
    /* and a short sleep still sleeps */
    t0 = now();
    CHECK(kr_run_string(I, "import time\ntime.sleep(0.05)", "<sleep>") == KR_OK);
    CHECK(now() - t0 >= 0.045);
    kr_free(I);
}

/* Memory limits hold for what natives keep on the side (the temporary roots), for the
 * compiler, and the collector does not thrash near the limit. */
static void test_memory(void) {
    size_t limit = 64u << 20;
    Run r = run_limited("max(range(10**7))", 0, 0, limit);
    if (r.peak > limit + (limit >> 2)) {
        fprintf(stderr, "max(range(10**7)) peaked at %zu bytes under a %zu limit (rc %d)\n", r.peak,
                limit, r.rc);
        failures++;
    }
    r = run_limited("sorted(range(10**7), key=lambda x: -x)", 0, 0, limit);
    CHECK(r.peak <= limit + (limit >> 2));
    /* a length announced by len() or __length_hint__ that no memory holds: MemoryError at
     * once, before the first item is read */
    static const char *const huge[] = {
        "[].extend(range(10**9))",
        "l = [1, 2]\nl.extend(range(10**9))",
        "list(range(10**9))",
        "class H:\n    def __iter__(self): return iter([1])\n"
        "    def __length_hint__(self): return 10**9\n[].extend(H())",
    };
    for (size_t i = 0; i < sizeof huge / sizeof *huge; i++) {
        r = run_limited(huge[i], 0, 0, limit);
        if (r.rc != KR_ERROR || strcmp(r.error_type, "MemoryError") != 0 || r.seconds > 0.5 ||
            r.peak > limit + (limit >> 2)) {
            fprintf(stderr, "huge extend: rc %d %s %.2fs peak %zu: %s\n", r.rc, r.error_type,
                    r.seconds, r.peak, huge[i]);
            failures++;
        }
    }
    /* a large source under a small limit: MemoryError (or a syntax error), not 50x the limit */
    size_t n = 6u << 20;
    char *src = malloc(n + 64);
    CHECK(src);
    size_t len = 0;
    for (int i = 0; len + 32 < n; i++)
        len +=
            (size_t)snprintf(src + len, n + 64 - len, "v%d = %d + v%d\n", i, i, i > 0 ? i - 1 : 0);
    src[len] = 0;
    limit = 16u << 20;
    r = run_limited(src, 0, 0, limit);
    free(src);
    if (r.peak > limit + (limit >> 1) || r.rc == KR_OK) {
        fprintf(stderr, "6 MB source peaked at %zu bytes under a %zu limit (rc %d %s)\n", r.peak,
                limit, r.rc, r.error_type);
        failures++;
    }
    /* recursion that allocates near the limit stops within the time limit */
    r = run_limited("def f(n):\n    l = [0] * 1000\n    return f(n + 1) + l\n"
                    "while True:\n    try: f(0)\n    except BaseException: pass\n",
                    1.0, 0, 8u << 20);
    if (r.rc != KR_LIMIT || r.seconds > 8.0) { /* generous: sanitizer builds are slow */
        fprintf(stderr, "recursion near the memory limit: rc %d %.2fs\n", r.rc, r.seconds);
        failures++;
    }
    r = run_limited("l = []\nwhile True:\n    try:\n        l.append(' ' * 10000)\n"
                    "    except MemoryError:\n        pass\n",
                    1.0, 0, 8u << 20);
    if (r.rc != KR_LIMIT || r.seconds > 8.0) { /* generous: sanitizer builds are slow */
        fprintf(stderr, "allocation loop at the memory limit: rc %d %.2fs\n", r.rc, r.seconds);
        failures++;
    }
}

/* embed_test_limits FILE TIME STEPS MEMORY: run one script under those limits and report
 * (for docs/RELIABILITY.md and for trying a hostile script by hand). */
static int run_one(char **argv) {
    FILE *f = fopen(argv[1], "rb");
    if (!f) return 2;
    static char src[64 << 20];
    size_t n = fread(src, 1, sizeof src - 1, f);
    fclose(f);
    src[n] = 0;
    Run r = run_limited(src, atof(argv[2]), strtoull(argv[3], NULL, 10),
                        (size_t)strtoull(argv[4], NULL, 10));
    printf("rc %d reason %d %.3fs peak %zu bytes %s\n", r.rc, r.reason, r.seconds, r.peak,
           r.error_type);
    return 0;
}

/* A match that backtracks catastrophically (PCRE2 gives up at its own match limit after
 * ~10^7 steps, a few tenths of a second) must stop at the interpreter's step and time
 * limits and at kr_interrupt, which PCRE2 knew nothing of (the match ran to its own limit
 * and raised RecursionError); under a memory limit PCRE2's heap is capped (it could take
 * 20 GB outside the limit). */
static const char re_setup[] = "import re\np = re.compile(r'(x+x+)+$')\ns = 'x' * 40 + 'z'\n";

static kr_interp *re_interp(double time_limit, unsigned long long steps) {
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.write_err = quiet;
    kr_interp *I = kr_new(&cfg);
    CHECK(I && kr_run_string(I, re_setup, "<re>") == KR_OK);
    kr_set_time_limit(I, time_limit); /* for the next run: the match alone */
    kr_set_step_limit(I, steps);
    return I;
}

static void re_expect(const char *what, kr_interp *I, int rc, double dt, int want_rc,
                      int want_reason, const char *want_type) {
    const char *et = rc == KR_OK ? "" : kr_error_type(I);
    if (rc != want_rc || (want_reason >= 0 && kr_limit_reason(I) != want_reason) ||
        (want_type && strcmp(et, want_type) != 0) || dt > 1.0) {
        fprintf(stderr, "re %s: rc %d reason %d %s after %.2fs\n", what, rc, kr_limit_reason(I), et,
                dt);
        failures++;
    }
}

static void test_regex_limits(void) {
    kr_interp *I = re_interp(0, 5000);
    double t0 = now();
    int rc = kr_run_string(I, "p.match(s)", "<re>");
    re_expect("step limit", I, rc, now() - t0, KR_LIMIT, KR_LIMIT_STEPS, NULL);
    kr_free(I);

    I = re_interp(0.05, 0);
    t0 = now();
    rc = kr_run_string(I, "p.match(s)", "<re>");
    re_expect("time limit", I, rc, now() - t0, KR_LIMIT, KR_LIMIT_TIME, NULL);
    kr_free(I);

    I = re_interp(0, 0);
    Poke poke = {I, 0.02};
    pthread_t t;
    CHECK(pthread_create(&t, NULL, poke_later, &poke) == 0);
    t0 = now();
    rc = kr_run_string(I, "p.match(s)", "<re>");
    double dt = now() - t0;
    pthread_join(t, NULL);
    re_expect("interrupt", I, rc, dt, KR_ERROR, -1, "KeyboardInterrupt");
    /* the interpreter goes on, and a quick match still works */
    CHECK(kr_run_string(I, "assert p.match('xxz') is None and re.match('x+', 'xxz').end() == 2",
                        "<re>") == KR_OK);
    kr_free(I);

    /* PCRE2's backtracking frames for 300,000 iterations of a group: 64-128 MB of heap */
    Run r = run_limited("import re\nre.match(r'^(a|b)*$', 'a' * 300000 + '!')", 0, 0, 16u << 20);
    if (r.rc != KR_ERROR || strcmp(r.error_type, "MemoryError") != 0) {
        fprintf(stderr, "re memory limit: rc %d %s\n", r.rc, r.error_type);
        failures++;
    }
}

/* list.sort polls: kr_interrupt lands inside a long sort of C-compared ints (it landed
 * after it, at the script's next check), and the list is left as it was. */
static void test_sort_interrupt(void) {
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.write_err = quiet;
    kr_interp *I = kr_new(&cfg);
    CHECK(I && kr_run_string(I, "L = list(range(3 * 10**6, 0, -1))", "<sort>") == KR_OK);
    Poke poke = {I, 0.05};
    pthread_t t;
    CHECK(pthread_create(&t, NULL, poke_later, &poke) == 0);
    int rc = kr_run_string(I,
                           "try:\n    L.sort()\n    where = 'after'\n"
                           "except KeyboardInterrupt:\n    where = 'inside'\n",
                           "<sort>");
    pthread_join(t, NULL);
    if (rc != KR_OK ||
        kr_run_string(I,
                      "assert where == 'inside', where\nassert L == list(range(3 * 10**6, 0, -1))",
                      "<sort>") != KR_OK) {
        fprintf(stderr, "sort interrupt: rc %d: %s\n", rc, kr_error_traceback(I));
        failures++;
    }
    kr_free(I);
}

int main(int argc, char **argv) {
    if (argc == 5) return run_one(argv);
    if (!vm_has_limit_hook()) return 0;
    test_native_loops_time();
    test_sleep_interrupt();
    test_memory();
    test_regex_limits();
    test_sort_interrupt();
    if (failures) return 1;
    printf("test_limits: ok\n");
    return 0;
}
