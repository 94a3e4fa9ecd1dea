/* embed_cost.c: what embedding costs a host, krait beside Lua 5.4 in one run (issue 15's
 * figures in docs/PERFORMANCE.md): a new interpreter (create + free, time and the bytes the
 * host's allocator holds after creation, peak included), a host-to-script call (kr_call /
 * lua_call of a two-argument function) and a script-to-host call (a loop calling a C
 * function), a persistent reference's round trip (kr_ref + kr_ref_get + kr_unref / luaL_ref +
 * lua_rawgeti + luaL_unref) and the debug hook's cost per loop iteration (a line hook, and a
 * count hook every 1000 instructions: lua_sethook). Lua is measured when the build found it
 * (KRAIT_BENCH_LUA: Debian's liblua5.4-dev); without it only krait's figures print. Not a test:
 * times vary with load.
 *
 * Usage: embed_cost [rounds]   (default 2000 interpreters, 10^6 calls each way) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "krait.h"

#ifdef KRAIT_BENCH_LUA
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#endif

/* A counting allocator shared by both languages: the bytes live now and at most. */
typedef struct Counter {
    size_t live, peak, calls;
} Counter;

static void *count_alloc(void *ud, void *ptr, size_t old_size, size_t new_size) {
    Counter *c = ud;
    if (ptr) c->live -= old_size;
    if (new_size == 0) {
        free(ptr);
        return NULL;
    }
    void *p = realloc(ptr, new_size);
    if (!p) {
        if (ptr) c->live += old_size;
        return NULL;
    }
    c->live += new_size;
    c->calls++;
    if (c->live > c->peak) c->peak = c->live;
    return p;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The median of n samples (sorted in place). */
static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

typedef struct Figures {
    double new_free_ms; /* median create + free */
    double new_free_min_ms;
    size_t held;           /* bytes held right after creation */
    size_t peak;           /* at most during creation */
    size_t allocs;         /* allocator calls during creation */
    double host_call_ns;   /* host -> script function, per call */
    double script_call_ns; /* script loop -> C function, per call (loop included) */
    double script_loop_ns; /* the same loop calling nothing, per iteration */
    double ref_ns;         /* take, read and drop a persistent reference */
    double line_hook_ns;  /* the empty loop with a line hook (an empty C function), per iteration */
    double count_hook_ns; /* the empty loop with a count hook every 1000 instructions */
} Figures;

static void print_figures(const char *who, const Figures *f) {
    printf("%-6s new+free %.4f ms (min %.4f)  held %zu B  peak %zu B  allocs %zu\n", who,
           f->new_free_ms, f->new_free_min_ms, f->held, f->peak, f->allocs);
    printf("%-6s host->script call %.1f ns   script->C call %.1f ns (empty loop %.1f ns)\n", who,
           f->host_call_ns, f->script_call_ns, f->script_loop_ns);
    printf(
        "%-6s reference take+get+drop %.1f ns   loop with line hook %.1f ns, count hook %.1f ns\n",
        who, f->ref_ns, f->line_hook_ns, f->count_hook_ns);
}

/* ---- krait ------------------------------------------------------------------------- */

static int kr_add(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                  kr_value **result, void *ud) {
    (void)kwargs;
    (void)ud;
    long long a, b;
    if (argc != 2) return kr_raise(I, "TypeError", "add() takes 2 arguments");
    if (kr_to_int(I, argv[0], &a) != KR_OK || kr_to_int(I, argv[1], &b) != KR_OK) return KR_ERROR;
    *result = kr_int(I, a + b);
    return *result ? KR_OK : KR_ERROR;
}

static void kr_hook_nothing(kr_interp *I, const kr_debug_info *d, void *ud) {
    (void)I, (void)d;
    ++*(long *)ud;
}

static kr_interp *kr_make(Counter *c) {
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.allocator.fn = count_alloc;
    cfg.allocator.ud = c;
    return kr_new(&cfg);
}

static int bench_krait(int rounds, long calls, Figures *f) {
    double *t = malloc(sizeof(double) * (size_t)rounds);
    if (!t) return 1;
    for (int r = 0; r < rounds; r++) {
        Counter c = {0};
        double t0 = now();
        kr_interp *I = kr_make(&c);
        if (!I) return 1;
        if (r == 0) {
            f->held = c.live;
            f->peak = c.peak;
            f->allocs = c.calls;
        }
        kr_free(I);
        t[r] = now() - t0;
        if (c.live != 0) {
            fprintf(stderr, "krait: %zu bytes not freed by kr_free\n", c.live);
            return 1;
        }
    }
    f->new_free_ms = 1e3 * median(t, rounds);
    f->new_free_min_ms = 1e3 * t[0];
    free(t);

    Counter c = {0};
    kr_interp *I = kr_make(&c);
    if (!I || kr_register_function(I, "add", kr_add, NULL) != KR_OK) return 1;
    if (kr_run_string(I, "def f(a, b):\n    return a + b\n", "<bench>") != KR_OK) return 1;
    kr_value *fn, *args[2] = {kr_int(I, 1), kr_int(I, 2)};
    if (kr_get_global(I, "f", &fn) != KR_OK) return 1;
    double t0 = now();
    for (long i = 0; i < calls; i++) {
        kr_value *res;
        if (kr_call(I, fn, 2, args, &res) != KR_OK) return 1;
        kr_release(I, res);
    }
    f->host_call_ns = 1e9 * (now() - t0) / (double)calls;

    char src[256];
    snprintf(src, sizeof src, "def loop():\n    for i in range(%ld):\n        add(i, 1)\n", calls);
    if (kr_run_string(I, src, "<bench>") != KR_OK) return 1;
    snprintf(src, sizeof src, "def empty():\n    for i in range(%ld):\n        pass\n", calls);
    if (kr_run_string(I, src, "<bench>") != KR_OK) return 1;
    kr_value *loop, *empty, *res;
    if (kr_get_global(I, "loop", &loop) != KR_OK || kr_get_global(I, "empty", &empty) != KR_OK)
        return 1;
    t0 = now();
    if (kr_call(I, loop, 0, NULL, &res) != KR_OK) return 1;
    f->script_call_ns = 1e9 * (now() - t0) / (double)calls;
    t0 = now();
    if (kr_call(I, empty, 0, NULL, &res) != KR_OK) return 1;
    f->script_loop_ns = 1e9 * (now() - t0) / (double)calls;

    t0 = now();
    for (long i = 0; i < calls; i++) {
        int ref = kr_ref(I, fn);
        kr_value *h = kr_ref_get(I, ref);
        if (!h) return 1;
        kr_release(I, h);
        kr_unref(I, ref);
    }
    f->ref_ns = 1e9 * (now() - t0) / (double)calls;

    long events = 0;
    kr_set_hook(I, kr_hook_nothing, KR_HOOK_LINE, 0, &events);
    t0 = now();
    if (kr_call(I, empty, 0, NULL, &res) != KR_OK) return 1;
    f->line_hook_ns = 1e9 * (now() - t0) / (double)calls;
    kr_set_hook(I, kr_hook_nothing, KR_HOOK_COUNT, 1000, &events);
    t0 = now();
    if (kr_call(I, empty, 0, NULL, &res) != KR_OK) return 1;
    f->count_hook_ns = 1e9 * (now() - t0) / (double)calls;
    kr_set_hook(I, NULL, 0, 0, NULL);
    if (events < calls) return 1; /* a line event per iteration at least */
    kr_free(I);
    return 0;
}

/* ---- Lua 5.4 ----------------------------------------------------------------------- */

#ifdef KRAIT_BENCH_LUA
static int lua_add(lua_State *L) {
    lua_Integer a = luaL_checkinteger(L, 1), b = luaL_checkinteger(L, 2);
    lua_pushinteger(L, a + b);
    return 1;
}

static void lua_hook_nothing(lua_State *L, lua_Debug *ar) {
    (void)L, (void)ar;
}

static lua_State *lua_make(Counter *c) {
    lua_State *L = lua_newstate(count_alloc, c);
    if (L) luaL_openlibs(L); /* the standard libraries, as krait's builtins and sys */
    return L;
}

static int bench_lua(int rounds, long calls, Figures *f) {
    double *t = malloc(sizeof(double) * (size_t)rounds);
    if (!t) return 1;
    for (int r = 0; r < rounds; r++) {
        Counter c = {0};
        double t0 = now();
        lua_State *L = lua_make(&c);
        if (!L) return 1;
        if (r == 0) {
            f->held = c.live;
            f->peak = c.peak;
            f->allocs = c.calls;
        }
        lua_close(L);
        t[r] = now() - t0;
    }
    f->new_free_ms = 1e3 * median(t, rounds);
    f->new_free_min_ms = 1e3 * t[0];
    free(t);

    Counter c = {0};
    lua_State *L = lua_make(&c);
    if (!L) return 1;
    lua_register(L, "add", lua_add);
    if (luaL_dostring(L, "function f(a, b) return a + b end")) return 1;
    double t0 = now();
    for (long i = 0; i < calls; i++) {
        lua_getglobal(L, "f");
        lua_pushinteger(L, 1);
        lua_pushinteger(L, 2);
        lua_call(L, 2, 1);
        lua_pop(L, 1);
    }
    f->host_call_ns = 1e9 * (now() - t0) / (double)calls;

    char src[256];
    snprintf(src, sizeof src, "function loop() for i = 0, %ld - 1 do add(i, 1) end end", calls);
    if (luaL_dostring(L, src)) return 1;
    snprintf(src, sizeof src, "function empty() for i = 0, %ld - 1 do end end", calls);
    if (luaL_dostring(L, src)) return 1;
    lua_getglobal(L, "loop");
    t0 = now();
    lua_call(L, 0, 0);
    f->script_call_ns = 1e9 * (now() - t0) / (double)calls;
    lua_getglobal(L, "empty");
    t0 = now();
    lua_call(L, 0, 0);
    f->script_loop_ns = 1e9 * (now() - t0) / (double)calls;

    t0 = now();
    for (long i = 0; i < calls; i++) {
        lua_getglobal(L, "f"); /* kr_ref takes a handle the host has: this is the push */
        int ref = luaL_ref(L, LUA_REGISTRYINDEX);
        lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
        lua_pop(L, 1);
        luaL_unref(L, LUA_REGISTRYINDEX, ref);
    }
    f->ref_ns = 1e9 * (now() - t0) / (double)calls;

    lua_sethook(L, lua_hook_nothing, LUA_MASKLINE, 0);
    lua_getglobal(L, "empty");
    t0 = now();
    lua_call(L, 0, 0);
    f->line_hook_ns = 1e9 * (now() - t0) / (double)calls;
    lua_sethook(L, lua_hook_nothing, LUA_MASKCOUNT, 1000);
    lua_getglobal(L, "empty");
    t0 = now();
    lua_call(L, 0, 0);
    f->count_hook_ns = 1e9 * (now() - t0) / (double)calls;
    lua_sethook(L, NULL, 0, 0);
    lua_close(L);
    return 0;
}
#endif

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 2000;
    if (rounds < 1) rounds = 1;
    long calls = 1000000;
    Figures k = {0};
    if (bench_krait(rounds, calls, &k) != 0) {
        fprintf(stderr, "embed_cost: the krait run failed\n");
        return 1;
    }
    print_figures("krait", &k);
#ifdef KRAIT_BENCH_LUA
    Figures l = {0};
    if (bench_lua(rounds, calls, &l) != 0) {
        fprintf(stderr, "embed_cost: the Lua run failed\n");
        return 1;
    }
    print_figures(LUA_VERSION_MAJOR "." LUA_VERSION_MINOR, &l);
    printf("krait/Lua: new+free %.2fx  held %.2fx  host->script %.2fx  script->C %.2fx\n",
           k.new_free_ms / l.new_free_ms, (double)k.held / (double)l.held,
           k.host_call_ns / l.host_call_ns, k.script_call_ns / l.script_call_ns);
    printf("krait/Lua: reference %.2fx  line hook %.2fx  count hook %.2fx\n", k.ref_ns / l.ref_ns,
           k.line_hook_ns / l.line_hook_ns, k.count_hook_ns / l.count_hook_ns);
#else
    printf("Lua 5.4 not found at build time (apt-get install liblua5.4-dev): krait only\n");
#endif
    return 0;
}
