/* test_hook.c: the debug hook (kr_set_hook). The line events of a function with a loop are
 * CPython's sys.settrace lines (a loop's next iteration is a line event even on the same
 * line; returning from a call is not), call and return events pair up, a generator makes a
 * return event per yield, count events arrive every N instructions, a hook can stop the
 * script (kr_terminate), and removing the hook stops the events. */
#include <string.h>

#include "embed_test.h"

#define MAX_EV 4096
typedef struct {
    int n;
    int event[MAX_EV], line[MAX_EV], depth[MAX_EV];
    char func[MAX_EV][16];
    int stop_at_line; /* 0: never */
} Trace;

static void hook(kr_interp *I, const kr_debug_info *d, void *ud) {
    Trace *t = ud;
    if (strcmp(d->file, "<hooked>") != 0) return;
    if (t->n < MAX_EV) {
        t->event[t->n] = d->event;
        t->line[t->n] = d->line;
        t->depth[t->n] = d->depth;
        snprintf(t->func[t->n], sizeof t->func[0], "%s", d->function);
        t->n++;
    }
    if (t->stop_at_line && d->event == KR_HOOK_LINE && d->line == t->stop_at_line) kr_terminate(I);
}

/* The lines of the line events in function fn, as "2 3 4 ...". */
static void lines_of(const Trace *t, const char *fn, char *out, size_t cap) {
    out[0] = 0;
    for (int i = 0; i < t->n; i++) {
        if (t->event[i] != KR_HOOK_LINE || strcmp(t->func[i], fn) != 0) continue;
        size_t len = strlen(out);
        snprintf(out + len, cap - len, "%s%d", len ? " " : "", t->line[i]);
    }
}

static int count_of(const Trace *t, int event, const char *fn) {
    int n = 0;
    for (int i = 0; i < t->n; i++)
        n += t->event[i] == event && strcmp(t->func[i], fn) == 0;
    return n;
}

static const char *script = "def f(n):\n"
                            "    s = 0\n"
                            "    for i in range(n):\n"
                            "        s += i\n"
                            "    return s\n"
                            "x = f(2)\n"
                            "def g():\n"
                            "    yield 1\n"
                            "    yield 2\n"
                            "y = list(g())\n";

int main(void) {
    kr_interp *I = kr_new(NULL);
    CHECK(I);
    static Trace t;
    kr_set_hook(I, hook, KR_HOOK_CALL | KR_HOOK_RETURN | KR_HOOK_LINE, 0, &t);
    CHECK(kr_run_string(I, script, "<hooked>") == KR_OK);
    char buf[512];
    lines_of(&t, "f", buf, sizeof buf);
    if (strcmp(buf, "2 3 4 3 4 3 5") != 0) fprintf(stderr, "f lines: %s\n", buf);
    CHECK(strcmp(buf, "2 3 4 3 4 3 5") == 0); /* CPython's settrace lines */
    lines_of(&t, "<module>", buf, sizeof buf);
    if (strcmp(buf, "1 6 7 10") != 0) fprintf(stderr, "module lines: %s\n", buf);
    CHECK(strcmp(buf, "1 6 7 10") == 0);
    lines_of(&t, "g", buf, sizeof buf);
    if (strcmp(buf, "8 9") != 0) fprintf(stderr, "g lines: %s\n", buf);
    CHECK(strcmp(buf, "8 9") == 0);
    CHECK(count_of(&t, KR_HOOK_CALL, "f") == 1 && count_of(&t, KR_HOOK_RETURN, "f") == 1);
    CHECK(count_of(&t, KR_HOOK_CALL, "<module>") == 1);
    CHECK(count_of(&t, KR_HOOK_RETURN, "<module>") == 1);
    CHECK(count_of(&t, KR_HOOK_CALL, "g") == 1);   /* first run; resumes are not calls */
    CHECK(count_of(&t, KR_HOOK_RETURN, "g") == 3); /* two yields and the return */
    /* f runs one level below the module */
    for (int i = 0; i < t.n; i++)
        if (strcmp(t.func[i], "f") == 0) CHECK(t.depth[i] == 2);
    CHECK(t.event[0] == KR_HOOK_CALL && strcmp(t.func[0], "<module>") == 0);

    /* Count events: about one per 100 instructions of a loop. */
    memset(&t, 0, sizeof t);
    kr_set_hook(I, hook, KR_HOOK_COUNT, 100, &t);
    CHECK(kr_run_string(I, "s = 0\nfor i in range(10000):\n    s += i\n", "<hooked>") == KR_OK);
    CHECK(t.n > 100 && t.n < 10000);
    for (int i = 0; i < t.n; i++)
        CHECK(t.event[i] == KR_HOOK_COUNT && (t.line[i] == 2 || t.line[i] == 3));

    /* A hook stops an endless loop. */
    memset(&t, 0, sizeof t);
    t.stop_at_line = 3;
    kr_set_hook(I, hook, KR_HOOK_LINE, 0, &t);
    CHECK(kr_run_string(I, "n = 0\nwhile True:\n    n += 1\n", "<hooked>") == KR_LIMIT);
    CHECK(kr_limit_reason(I) == KR_LIMIT_TERMINATED);
    /* lines 1 and 3, then stopped before line 3 ran (`while True:` compiles to no
     * instruction, so unlike CPython it has no line event) */
    CHECK(t.n == 2 && t.line[0] == 1 && t.line[1] == 3);

    /* Removed: no more events, and the next run is clean. */
    memset(&t, 0, sizeof t);
    kr_set_hook(I, NULL, 0, 0, NULL);
    CHECK(kr_run_string(I, script, "<hooked>") == KR_OK);
    CHECK(t.n == 0);
    kr_free(I);
    printf("test_hook: ok\n");
    return 0;
}
