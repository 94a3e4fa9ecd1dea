/* test_host_api.c: what hosts build on beyond one call. Persistent references survive the
 * native call that made them and every collection (run under GC stress), and die at
 * kr_unref; kr_check_interrupt stops a long native loop on a step limit, a time limit,
 * kr_terminate and kr_interrupt, and the next run starts clean; a kr_terminate or
 * kr_interrupt that arrives after a run's last check stops that run, not the next; the module
 * loader serves modules and packages from memory, in sandbox mode too, with its errors raised by
 * import and its file name in tracebacks; the input callback feeds input() and sys.stdin in chunks,
 * sandboxed scripts included, and its failure is an OSError. */
#include <string.h>

#include "embed_test.h"

/* ---- references ---- */

typedef struct {
    int ref;
} Saved;

static int save_callback(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                         kr_value **result, void *ud) {
    (void)kwargs;
    (void)result;
    Saved *s = ud;
    if (argc != 1) return kr_raise(I, "TypeError", "save() takes one argument");
    if (s->ref) kr_unref(I, s->ref);
    s->ref = kr_ref(I, argv[0]);
    return s->ref ? KR_OK : KR_ERROR;
}

static void test_refs(void) {
    kr_interp *I = kr_new(NULL);
    CHECK(I);
    Saved s = {0};
    CHECK(kr_register_function(I, "save", save_callback, &s) == KR_OK);
    /* The callback is a closure whose only reference is the host's. */
    CHECK(kr_run_string(I,
                        "def make(n):\n"
                        "    data = [i * i for i in range(n)]\n"
                        "    return lambda k: data[k] + n\n"
                        "save(make(100))\n",
                        "<refs>") == KR_OK);
    CHECK(s.ref > 0);
    CHECK(kr_ref_count(I) == 1);
    kr_gc_set_stress(I, 1);
    CHECK(kr_run_string(I, "junk = [[i] * 10 for i in range(200)]\ndel junk\n", "<junk>") == KR_OK);
    kr_gc_collect(I);
    size_t mark = kr_scope_push(I);
    kr_value *fn = kr_ref_get(I, s.ref);
    CHECK(fn);
    kr_value *arg = kr_int(I, 7), *res = NULL;
    CHECK(kr_call(I, fn, 1, &arg, &res) == KR_OK);
    long long v = 0;
    CHECK(kr_to_int(I, res, &v) == KR_OK && v == 149);
    kr_scope_pop(I, mark);
    kr_gc_set_stress(I, 0);

    /* Many references: numbers are reused after kr_unref, values stay distinct. */
    int refs[300];
    for (int i = 0; i < 300; i++) {
        mark = kr_scope_push(I);
        refs[i] = kr_ref(I, kr_int(I, 1000000000000LL + i));
        kr_scope_pop(I, mark);
        CHECK(refs[i] > 0);
    }
    for (int i = 0; i < 300; i += 2)
        kr_unref(I, refs[i]);
    CHECK(kr_ref_count(I) == 151);
    kr_gc_collect(I);
    for (int i = 1; i < 300; i += 2) {
        mark = kr_scope_push(I);
        kr_value *h = kr_ref_get(I, refs[i]);
        CHECK(h && kr_to_int(I, h, &v) == KR_OK && v == 1000000000000LL + i);
        kr_scope_pop(I, mark);
    }
    CHECK(kr_ref_get(I, refs[0]) == NULL); /* released */
    CHECK(kr_ref_get(I, 0) == NULL && kr_ref_get(I, -5) == NULL && kr_ref_get(I, 99999) == NULL);
    kr_unref(I, refs[0]); /* twice: ignored */
    kr_unref(I, 0);
    mark = kr_scope_push(I);
    int again = kr_ref(I, kr_str(I, "reused"));
    kr_scope_pop(I, mark);
    CHECK(again > 0 && again <= 300);
    CHECK(kr_ref(I, NULL) == 0);
    kr_free(I); /* live references are freed with the interpreter */
}

/* ---- kr_check_interrupt ---- */

static int spin(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs, kr_value **result,
                void *ud) {
    (void)argc;
    (void)argv;
    (void)kwargs;
    long long *calls = ud;
    for (long long i = 0; i < 4000000000LL; i++) {
        if ((i & 1023) == 0) {
            int rc = kr_check_interrupt(I);
            if (rc != KR_OK) return rc;
            if (*calls < 0 && i == 1024) kr_interrupt(I); /* as if Ctrl-C arrived */
        }
    }
    *result = kr_int(I, ++*calls);
    return KR_OK;
}

static void test_check_interrupt(void) {
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.step_limit = 200000;
    kr_interp *I = kr_new(&cfg);
    CHECK(I);
    long long calls = 0;
    CHECK(kr_register_function(I, "spin", spin, &calls) == KR_OK);
    CHECK(kr_check_interrupt(I) == KR_OK); /* outside a run */
    CHECK(kr_run_string(I, "spin()", "<steps>") == KR_LIMIT);
    CHECK(kr_limit_reason(I) == KR_LIMIT_STEPS);
    /* A script cannot swallow the limit by catching what the native returned. */
    CHECK(kr_run_string(I, "try:\n    spin()\nexcept BaseException:\n    pass\nwhile True: pass\n",
                        "<catch>") == KR_LIMIT);
    /* The next run starts clean. */
    CHECK(kr_run_string(I, "x = 1 + 1", "<after>") == KR_OK);

    kr_set_step_limit(I, 0);
    kr_set_time_limit(I, 0.2);
    CHECK(kr_run_string(I, "spin()", "<time>") == KR_LIMIT);
    CHECK(kr_limit_reason(I) == KR_LIMIT_TIME);
    kr_set_time_limit(I, 0);

    /* kr_interrupt during the native: KeyboardInterrupt that the script can catch. */
    calls = -1;
    CHECK(kr_run_string(I,
                        "try:\n    spin()\n    r = 'no'\nexcept KeyboardInterrupt:\n    r = 'ki'\n",
                        "<ki>") == KR_OK);
    kr_value *r = NULL;
    const char *txt = NULL;
    size_t n = 0;
    CHECK(kr_get_global(I, "r", &r) == KR_OK && kr_get_str(I, r, &txt, &n) == KR_OK);
    CHECK(strcmp(txt, "ki") == 0);
    kr_release(I, r);
    CHECK(kr_run_string(I, "y = 2", "<after-ki>") == KR_OK);
    kr_free(I);
}

/* ---- a request after the run's last check ---- */

/* A native that asks to stop the run (as a watchdog thread would while it runs) and
 * returns without checking: the run's last check is behind it. */
static int late(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs, kr_value **result,
                void *ud) {
    (void)argc, (void)argv, (void)kwargs;
    if (*(int *)ud)
        kr_terminate(I);
    else
        kr_interrupt(I);
    *result = kr_int(I, 1);
    return KR_OK;
}

static void test_late_request(void) {
    kr_interp *I = kr_new(NULL);
    CHECK(I);
    int terminate = 1;
    kr_value *f = NULL, *v = NULL;
    CHECK(kr_register_function(I, "late", late, &terminate) == KR_OK);
    CHECK(kr_run_string(I, "def g():\n    return late()\n", "<def>") == KR_OK);
    CHECK(kr_get_global(I, "g", &f) == KR_OK);
    for (int way = 0; way < 3; way++) {
        for (terminate = 1; terminate >= 0; terminate--) {
            int rc = way == 0   ? kr_run_string(I, "late()", "<late>")
                     : way == 1 ? kr_call(I, f, 0, NULL, &v)
                                : kr_eval(I, "late()", &v);
            /* That run stops (it returned KR_OK and the next run failed), */
            if (terminate)
                CHECK(rc == KR_LIMIT && kr_limit_reason(I) == KR_LIMIT_TERMINATED);
            else
                CHECK(rc == KR_ERROR && strcmp(kr_error_type(I), "KeyboardInterrupt") == 0);
            if (way > 0) CHECK(v == NULL); /* no result handle left behind */
            /* and the next one starts clean. */
            CHECK(kr_run_string(I, "for i in range(100000): pass", "<next>") == KR_OK);
            CHECK(kr_limit_reason(I) == KR_LIMIT_NONE);
        }
    }
    /* Made while no run is active: the next run's first check sees it (a call that runs no
     * code leaves it), kr_interrupt_clear drops it. */
    kr_terminate(I);
    long long n = -1;
    kr_value *l = kr_list(I);
    CHECK(l && kr_len(I, l, &n) == KR_OK && n == 0);
    CHECK(kr_run_string(I, "x = 1", "<t>") == KR_LIMIT);
    CHECK(kr_limit_reason(I) == KR_LIMIT_TERMINATED);
    kr_interrupt(I);
    CHECK(kr_run_string(I, "while True: pass", "<i>") == KR_ERROR);
    CHECK(strcmp(kr_error_type(I), "KeyboardInterrupt") == 0);
    kr_terminate(I);
    kr_interrupt_clear(I);
    CHECK(kr_run_string(I, "for i in range(100000): pass", "<clear>") == KR_OK);
    kr_free(I);
}

/* ---- module loader ---- */

typedef struct {
    int calls;
    char buf[256];
} Loader;

static int my_add(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                  kr_value **result, void *ud) {
    (void)kwargs;
    (void)ud;
    long long a = 0, b = 0;
    if (argc != 2 || kr_to_int(I, argv[0], &a) != KR_OK || kr_to_int(I, argv[1], &b) != KR_OK)
        return kr_raise(I, "TypeError", "add(a, b) takes two ints");
    *result = kr_int(I, a + b);
    return KR_OK;
}

static int loader(kr_interp *I, const char *name, void *ud, const char **source, size_t *len,
                  const char **filename) {
    Loader *L = ud;
    L->calls++;
    if (strcmp(name, "greet") == 0) {
        /* a temporary buffer: import copies it */
        snprintf(L->buf, sizeof L->buf, "def hello(who):\n    return 'hello ' + who\n");
        *source = L->buf;
        *len = strlen(L->buf);
        *filename = "archive://greet.py";
    } else if (strcmp(name, "pkg") == 0) {
        *source = "VERSION = 3\n";
        *len = strlen(*source);
    } else if (strcmp(name, "pkg.sub") == 0) {
        *source = "from pkg import VERSION\nvalue = VERSION * 2\n";
        *len = strlen(*source);
    } else if (strcmp(name, "broken") == 0) {
        *source = "def f():\n    return 1 / 0\nf()\n";
        *len = strlen(*source);
        *filename = "archive://broken.py";
    } else if (strcmp(name, "denied") == 0) {
        return kr_raise(I, "ImportError", "the host refuses to serve %s", name);
    } else if (strcmp(name, "native") == 0) {
        static const kr_function_def fns[] = {{"add", my_add}, {NULL, NULL}};
        return kr_register_module(I, "native", fns, NULL, NULL);
    } else if (strcmp(name, "badutf8") == 0) {
        *source = "x = '\xff'\n";
        *len = strlen(*source);
    }
    return KR_OK;
}

static void check_global_str(kr_interp *I, const char *name, const char *want) {
    kr_value *v = NULL;
    const char *s = NULL;
    size_t n = 0;
    CHECK(kr_get_global(I, name, &v) == KR_OK && kr_to_str(I, v, &v) == KR_OK);
    CHECK(kr_get_str(I, v, &s, &n) == KR_OK);
    if (strcmp(s, want) != 0) fprintf(stderr, "%s = '%s', want '%s'\n", name, s, want);
    CHECK(strcmp(s, want) == 0);
}

static void test_loader(int sandbox) {
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.sandbox = sandbox;
    kr_interp *I = kr_new(&cfg);
    CHECK(I);
    Loader L = {0};
    kr_set_module_loader(I, loader, &L);
    CHECK(kr_run_string(I,
                        "import greet\n"
                        "a = greet.hello('host')\n"
                        "f = greet.__file__\n"
                        "import pkg.sub\n"
                        "b = pkg.sub.value\n"
                        "import native\n"
                        "c = native.add(2, 40)\n"
                        "import json\n" /* the standard library still comes first */
                        "d = json.dumps([1])\n",
                        "<loader>") == KR_OK);
    check_global_str(I, "a", "hello host");
    check_global_str(I, "f", "archive://greet.py");
    check_global_str(I, "b", "6");
    check_global_str(I, "c", "42");
    check_global_str(I, "d", "[1]");
    int calls = L.calls;
    CHECK(kr_run_string(I, "import greet\n", "<again>") == KR_OK); /* sys.modules: not asked */
    CHECK(L.calls == calls);

    CHECK(kr_run_string(I, "import broken\n", "<broken>") == KR_ERROR);
    CHECK(strcmp(kr_error_type(I), "ZeroDivisionError") == 0);
    CHECK(strstr(kr_error_traceback(I), "archive://broken.py") != NULL);
    CHECK(kr_run_string(I, "import denied\n", "<denied>") == KR_ERROR);
    CHECK(strcmp(kr_error_type(I), "ImportError") == 0);
    CHECK(strstr(kr_error_message(I), "refuses to serve denied") != NULL);
    CHECK(kr_run_string(I, "import badutf8\n", "<utf8>") == KR_ERROR);
    CHECK(strcmp(kr_error_type(I), "ImportError") == 0);
    CHECK(kr_run_string(I, "import nowhere_at_all\n", "<none>") == KR_ERROR);
    CHECK(strcmp(kr_error_type(I), "ModuleNotFoundError") == 0);
    /* A failed import is not cached: the host may serve it later. */
    CHECK(kr_run_string(I, "import sys\nok = 'broken' not in sys.modules\n", "<nc>") == KR_OK);
    check_global_str(I, "ok", "True");

    kr_set_module_loader(I, NULL, NULL);
    CHECK(kr_run_string(I, "import pkg.other\n", "<off>") == KR_ERROR);
    kr_free(I);
}

/* ---- input callback ---- */

typedef struct {
    const char *text;
    size_t pos, chunk;
    int fail_at_end;
} Input;

static long feed(void *ud, char *buf, size_t size) {
    Input *in = ud;
    size_t left = strlen(in->text) - in->pos;
    if (left == 0) return in->fail_at_end ? -1 : 0;
    size_t n = left < in->chunk ? left : in->chunk;
    if (n > size) n = size;
    memcpy(buf, in->text + in->pos, n);
    in->pos += n;
    return (long)n;
}

static void test_input(int sandbox) {
    Input in = {"alpha\nbeta\r\ngamma delta\nline four\nrest\nof it", 0, 3, 0};
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.sandbox = sandbox;
    cfg.read_in = feed;
    cfg.read_ud = &in;
    kr_interp *I = kr_new(&cfg);
    CHECK(I);
    CHECK(kr_run_string(I,
                        "import sys\n"
                        "a = input()\n"
                        "b = input('prompt> ')\n"
                        "c = input().split()\n"
                        "d = sys.stdin.readline()\n"
                        "e = sys.stdin.read()\n"
                        "try:\n"
                        "    input()\n"
                        "    f = 'no EOF'\n"
                        "except EOFError as x:\n"
                        "    f = str(x)\n",
                        "<input>") == KR_OK);
    check_global_str(I, "a", "alpha");
    check_global_str(I, "b", "beta");
    check_global_str(I, "c", "['gamma', 'delta']");
    check_global_str(I, "d", "line four\n");
    check_global_str(I, "e", "rest\nof it");
    check_global_str(I, "f", "EOF when reading a line");
    kr_free(I);

    /* A failing callback is an OSError in the script, not a crash or a hang. */
    Input bad = {"x", 0, 1, 1};
    cfg.read_ud = &bad;
    I = kr_new(&cfg);
    CHECK(I);
    CHECK(kr_run_string(I, "input()\ninput()\n", "<bad>") == KR_ERROR);
    CHECK(strcmp(kr_error_type(I), "OSError") == 0);
    kr_free(I);

    /* Without a callback a sandboxed script has no stdin at all. */
    if (sandbox) {
        cfg.read_in = NULL;
        I = kr_new(&cfg);
        CHECK(I);
        CHECK(kr_run_string(I, "input()\n", "<none>") == KR_ERROR);
        CHECK(strcmp(kr_error_type(I), "NotImplementedError") == 0);
        CHECK(kr_run_string(I, "import sys\nsys.stdin.readline()\n", "<none>") == KR_ERROR);
        CHECK(strcmp(kr_error_type(I), "OSError") == 0);
        kr_free(I);
    }
}

/* ---- kr_parse_args ---- */

static int parsed(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                  kr_value **result, void *ud) {
    (void)ud;
    long long a = 0;
    double b = -1.5;
    const char *c = "dflt";
    int d = -1;
    kr_value *e = NULL;
    int rc = kr_parse_args(I, argc, argv, kwargs,
                           "f(a: i, b: f = ?, /, c: s = ?, *, d: b, e: o = ?)", &a, &b, &c, &d, &e);
    if (rc != KR_OK) return rc;
    char buf[256];
    kr_value *er = NULL;
    const char *es = "-";
    size_t n;
    if (e && kr_repr(I, e, &er) == KR_OK) kr_get_str(I, er, &es, &n);
    snprintf(buf, sizeof buf, "%lld %g %s %d %s", a, b, c, d, es);
    *result = kr_str(I, buf);
    return KR_OK;
}

static void test_parse_args(void) {
    kr_interp *I = kr_new(NULL);
    CHECK(I);
    CHECK(kr_register_function(I, "f", parsed, NULL) == KR_OK);
    /* Every bad call's message equals the one a def of the same signature gives. */
    CHECK(kr_run_string(I,
                        "def ref(a, b=None, /, c=None, *, d, e=None): pass\n"
                        "ok = [f(1, d=0), f(2, 3, 'x', d=1, e=[1]), f(3, 2.5, c='y', d='')]\n"
                        "calls = ['()', '(1)', '(1, 2, 3, 4, d=0)', '(1, 2, 3, 4)', '(d=1)',\n"
                        "         '(1, d=1, zz=2)', '(1, 2, \"c\", c=\"c\", d=0)',\n"
                        "         '(a=1, d=2)', '(b=1)']\n"
                        "bad = []\n"
                        "for args in calls:\n"
                        "    msgs = []\n"
                        "    for fn in (f, ref):\n"
                        "        try:\n"
                        "            eval('fn' + args)\n"
                        "            msgs.append('no error')\n"
                        "        except TypeError as x:\n"
                        "            msgs.append(str(x).replace('ref()', 'f()'))\n"
                        "    if msgs[0] != msgs[1]: bad.append((args, msgs))\n"
                        "types = []\n"
                        "for args in ['(\"1\", d=0)', '(1, \"2\", d=0)', '(1, 2, 3, d=0)',\n"
                        "             '(2**70, d=0)']:\n"
                        "    try:\n"
                        "        f(*eval('[' + args[1:-1].split(', d=')[0] + ']'), d=0)\n"
                        "    except (TypeError, OverflowError) as x:\n"
                        "        types.append(type(x).__name__ + ': ' + str(x))\n",
                        "<parse>") == KR_OK);
    check_global_str(I, "ok", "['1 -1.5 dflt 0 -', '2 3 x 1 [1]', '3 2.5 y 0 -']");
    check_global_str(I, "bad", "[]");
    check_global_str(I, "types",
                     "[\"TypeError: f() argument 'a' must be int, not str\", "
                     "\"TypeError: f() argument 'b' must be float, not str\", "
                     "\"TypeError: f() argument 'c' must be str, not int\", "
                     "'OverflowError: Python int too large to convert to C long']");
    kr_value *noargs[1];
    CHECK(kr_parse_args(I, 0, noargs, NULL, "broken(a:", NULL) == KR_BADARG);
    CHECK(kr_parse_args(I, 0, noargs, NULL, "g(a: q)", NULL) == KR_BADARG);
    kr_free(I);
}

int main(void) {
    test_parse_args();
    test_input(0);
    test_input(1);
    test_refs();
    if (vm_has_limit_hook()) test_check_interrupt();
    if (vm_has_limit_hook()) test_late_request();
    test_loader(0);
    test_loader(1);
    printf("test_host_api: ok\n");
    return 0;
}
