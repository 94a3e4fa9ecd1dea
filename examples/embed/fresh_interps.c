/* fresh_interps.c: one fresh interpreter per request, as the docs advise for untrusted
 * scripts, and what that costs, counted by the host's own allocator.
 *
 * Each request gets a new interpreter with a 4 MiB memory limit, runs a small script,
 * hands back its result and is freed: nothing leaks from one request into the next. The
 * host's allocator (kr_config.allocator, realloc-like and told the old size, as Lua's)
 * counts what krait holds: right after kr_new, at its peak, and after kr_free (zero). The
 * memory limit also covers the compiler: a 6 MB source under a 16 MiB limit gets
 * MemoryError rather than taking hundreds of megabytes.
 * Build: cc fresh_interps.c $(pkg-config --cflags --libs krait) */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <krait.h>

typedef struct Counter {
    size_t live, peak;
} Counter;

static void *counting_alloc(void *ud, void *ptr, size_t old_size, size_t new_size) {
    Counter *c = ud;
    if (new_size == 0) {
        free(ptr);
        c->live -= old_size;
        return NULL;
    }
    void *p = realloc(ptr, new_size);
    if (!p) return NULL; /* the script sees MemoryError */
    c->live += new_size - old_size;
    if (c->live > c->peak) c->peak = c->live;
    return p;
}

static kr_interp *fresh(Counter *c, size_t memory_limit) {
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.allocator.fn = counting_alloc;
    cfg.allocator.ud = c;
    cfg.memory_limit = memory_limit;
    cfg.sandbox = 1;
    return kr_new(&cfg);
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* One request: a fresh interpreter computes sum(i * k for i in range(100)). */
static int handle_request(Counter *c, long long k, long long *answer) {
    kr_interp *I = fresh(c, 4u << 20);
    if (!I) return KR_NOMEM;
    kr_value *v;
    char src[96];
    snprintf(src, sizeof src, "sum(i * %lld for i in range(100))", k);
    int rc = kr_eval(I, src, &v);
    if (rc == KR_OK) rc = kr_to_int(I, v, answer);
    kr_free(I); /* handles and everything else go with it */
    return rc;
}

int main(void) {
    Counter c = {0, 0};
    kr_interp *I = fresh(&c, 0);
    if (!I) return 1;
    size_t held = c.live;
    kr_free(I);
    printf("a fresh interpreter holds %zu bytes (%s 96 KB); after kr_free: %zu\n", held,
           held <= 96 * 1024 ? "within" : "MORE than", c.live);

    enum { REQUESTS = 1000 };
    long long total = 0, answer = 0;
    double t0 = now();
    for (int k = 1; k <= REQUESTS; k++) {
        if (handle_request(&c, k, &answer) != KR_OK) return 1;
        total += answer;
    }
    double per = (now() - t0) / REQUESTS;
    printf("%d requests, each in its own interpreter: answers add up to %lld (%s)\n", REQUESTS,
           total, total == 4950LL * REQUESTS * (REQUESTS + 1) / 2 ? "right" : "WRONG");
    printf("  %.3f ms a request (new + eval + free); peak %zu bytes; %zu held after\n", per * 1e3,
           c.peak, c.live);

    /* The compiler's memory counts against the limit too. */
    size_t n = 6u << 20, len = 0;
    char *src = malloc(n + 64);
    if (!src) return 1;
    for (int i = 0; len + 32 < n; i++)
        len += (size_t)snprintf(src + len, n + 64 - len, "v%d = %d\n", i, i);
    c.peak = 0;
    size_t limit = 16u << 20;
    I = fresh(&c, limit);
    if (!I) return 1;
    int rc = kr_run_string(I, src, "big.py");
    printf("a %zu-byte source under a %zu MiB limit: %s; peak %s 1.5 x the limit\n", len,
           limit >> 20, rc == KR_ERROR ? kr_error_type(I) : "no error",
           c.peak <= limit * 3 / 2 ? "within" : "MORE than");
    kr_free(I);
    free(src);
    return c.live == 0 ? 0 : 1;
}
