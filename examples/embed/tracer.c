/* tracer.c: three tools built on the debug hook (kr_set_hook, Lua's lua_sethook).
 *
 *   1. line coverage: KR_HOOK_LINE events counted per line, printed beside the source;
 *   2. a call profiler: KR_HOOK_CALL / KR_HOOK_RETURN events give each function's calls and
 *      deepest call depth;
 *   3. an instruction budget: KR_HOOK_COUNT every 1000 instructions; past the budget the
 *      hook calls kr_terminate and the run returns KR_LIMIT.
 *
 * The hook is told the event, file, line, function and call depth; it may call only
 * kr_interrupt, kr_terminate and kr_set_hook. Without a hook the VM pays nothing.
 * Build: cc tracer.c $(pkg-config --cflags --libs krait) */
#include <stdio.h>
#include <string.h>

#include <krait.h>

static const char *script = "def fib(n):\n"
                            "    if n < 2:\n"
                            "        return n\n"
                            "    return fib(n - 1) + fib(n - 2)\n"
                            "\n"
                            "def squares(n):\n"
                            "    out = []\n"
                            "    for i in range(n):\n"
                            "        out.append(i * i)\n"
                            "    return out\n"
                            "\n"
                            "total = fib(6) + sum(squares(4))\n"
                            "if total > 1000:\n"
                            "    print('never')\n"
                            "print('script: total', total)\n";

/* ---- 1. coverage ---- */
typedef struct Coverage {
    int hits[64]; /* by line */
} Coverage;

static void coverage_hook(kr_interp *I, const kr_debug_info *d, void *ud) {
    Coverage *c = ud;
    if (strcmp(d->file, "prog.py") == 0 && d->line > 0 && d->line < 64) c->hits[d->line]++;
}

static void print_coverage(const Coverage *c, const char *source) {
    int line = 1;
    for (const char *p = source; *p; line++) {
        const char *end = strchr(p, '\n');
        int len = end ? (int)(end - p) : (int)strlen(p);
        if (c->hits[line])
            printf("%5d | %.*s\n", c->hits[line], len, p);
        else
            printf("%5s | %.*s\n", len ? "-" : "", len, p);
        p += len + (end != NULL);
    }
}

/* ---- 2. profiler ---- */
typedef struct Profile {
    struct {
        char name[32];
        int calls, max_depth;
    } fn[16];
    int n, returns;
} Profile;

static void profile_hook(kr_interp *I, const kr_debug_info *d, void *ud) {
    Profile *p = ud;
    if (strcmp(d->file, "prog.py") != 0) return;
    if (d->event == KR_HOOK_RETURN) {
        p->returns++;
        return;
    }
    int i = 0;
    while (i < p->n && strcmp(p->fn[i].name, d->function) != 0)
        i++;
    if (i == p->n) {
        if (p->n == 16) return;
        snprintf(p->fn[p->n++].name, sizeof p->fn[0].name, "%s", d->function);
    }
    p->fn[i].calls++;
    if (d->depth > p->fn[i].max_depth) p->fn[i].max_depth = d->depth;
}

/* ---- 3. budget ---- */
typedef struct Budget {
    long long used, limit; /* in instructions */
} Budget;

static void budget_hook(kr_interp *I, const kr_debug_info *d, void *ud) {
    Budget *b = ud;
    b->used += 1000; /* called every 1000 instructions */
    if (b->used >= b->limit) kr_terminate(I);
}

int main(void) {
    kr_interp *I = kr_new(NULL);
    if (!I) return 1;

    static Coverage cov;
    kr_set_hook(I, coverage_hook, KR_HOOK_LINE, 0, &cov);
    if (kr_run_string(I, script, "prog.py") != KR_OK) {
        kr_print_error(I);
        return 1;
    }
    printf("coverage (line events per line, '-': never ran):\n");
    print_coverage(&cov, script);

    static Profile prof;
    kr_set_hook(I, profile_hook, KR_HOOK_CALL | KR_HOOK_RETURN, 0, &prof);
    if (kr_run_string(I, script, "prog.py") != KR_OK) {
        kr_print_error(I);
        return 1;
    }
    printf("profile:\n");
    for (int i = 0; i < prof.n; i++)
        printf("  %-10s %3d calls, deepest at depth %d\n", prof.fn[i].name, prof.fn[i].calls,
               prof.fn[i].max_depth);
    int calls = 0;
    for (int i = 0; i < prof.n; i++)
        calls += prof.fn[i].calls;
    printf("  %d calls, %d returns\n", calls, prof.returns);

    Budget budget = {0, 2000000};
    kr_set_hook(I, budget_hook, KR_HOOK_COUNT, 1000, &budget);
    int rc = kr_run_string(I,
                           "n = 0\n"
                           "while True:\n"
                           "    try:\n"
                           "        n += 1\n"
                           "    except BaseException:\n" /* cannot keep it running */
                           "        pass\n",
                           "spin.py");
    printf("budget: run returned %s after %lld instructions (%s)\n",
           rc == KR_LIMIT ? "KR_LIMIT" : "something else", budget.used,
           kr_limit_reason(I) == KR_LIMIT_TERMINATED ? "terminated by the hook" : "?");

    kr_set_hook(I, NULL, 0, 0, NULL); /* off again: the next run is not traced */
    rc = kr_run_string(I, "print('script: untraced run, n was stopped at', n > 0)", "after.py");
    kr_free(I);
    return rc == KR_OK ? 0 : 1;
}
