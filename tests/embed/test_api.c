/* test_api.c: every function of include/krait.h on its success and failure paths: values,
 * conversions, containers, globals, exec/eval, calls, errors, host functions, modules and
 * classes, handles and scopes, limits, interrupts, sandbox. */
#include <math.h>
#include <string.h>

#include "embed_test.h"
#include "krait.h"

typedef struct Out {
    char buf[4096];
    size_t len;
} Out;

static void capture(void *ud, const char *data, size_t len) {
    Out *o = ud;
    if (o->len + len >= sizeof o->buf) len = sizeof o->buf - 1 - o->len;
    memcpy(o->buf + o->len, data, len);
    o->len += len;
    o->buf[o->len] = '\0';
}

/* A fresh interpreter whose standard output collects in *out. */
static kr_interp *new_capturing(Out *out) {
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.write_out = capture;
    cfg.write_ud = out;
    return kr_new(&cfg);
}

static int c_add(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs, kr_value **result,
                 void *ud) {
    long long a, b, scale = 1;
    if (argc != 2) return kr_raise(I, "TypeError", "add() takes 2 arguments (%d given)", argc);
    if (kr_to_int(I, argv[0], &a) || kr_to_int(I, argv[1], &b)) return KR_ERROR;
    if (kwargs) {
        kr_value *s;
        if (kr_get_key(I, kwargs, "scale", &s) == KR_OK && kr_to_int(I, s, &scale)) return KR_ERROR;
    }
    *result = kr_int(I, (a + b) * scale + (ud ? *(int *)ud : 0));
    return *result ? KR_OK : KR_ERROR;
}

static int c_fail_silently(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                           kr_value **result, void *ud) {
    return KR_ERROR; /* no kr_raise: the trampoline raises SystemError */
}

static int c_call_back(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                       kr_value **result, void *ud) {
    /* calls a script function given as argument: errors propagate through KR_ERROR */
    int rc = kr_call(I, argv[0], argc - 1, argv + 1, result);
    return rc == KR_OK ? KR_OK : KR_ERROR;
}

typedef struct Counter {
    long long n;
} Counter;
static int finalized;
static void counter_fin(void *data, void *ud) {
    finalized++;
}
/* self's Counter, or NULL after raising TypeError when self is not an instance of the type
 * that ud points at. */
static Counter *counter_self(kr_interp *I, kr_value *const *argv, void *ud) {
    Counter *c = kr_instance_data(I, argv[0], *(kr_value **)ud);
    if (!c) kr_raise(I, "TypeError", "not a Counter");
    return c;
}
static int counter_init(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                        kr_value **result, void *ud) {
    Counter *c = counter_self(I, argv, ud);
    if (!c) return KR_ERROR;
    if (argc > 1 && kr_to_int(I, argv[1], &c->n)) return KR_ERROR;
    return KR_OK;
}
static int counter_incr(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                        kr_value **result, void *ud) {
    Counter *c = counter_self(I, argv, ud);
    if (!c) return KR_ERROR;
    *result = kr_int(I, ++c->n);
    return KR_OK;
}

static void test_values(void) {
    Out out = {0};
    kr_interp *I = new_capturing(&out);
    CHECK(I);
    size_t mark = kr_scope_push(I);
    kr_value *i = kr_int(I, 42), *f = kr_float(I, 2.5), *s = kr_str(I, "héllo");
    kr_value *n = kr_none(I), *b = kr_bool(I, 1), *by = kr_bytes(I, "a\0b", 3);
    CHECK(kr_typeof(I, i) == KR_TYPE_INT && kr_typeof(I, f) == KR_TYPE_FLOAT);
    CHECK(kr_typeof(I, s) == KR_TYPE_STR && kr_typeof(I, n) == KR_TYPE_NONE);
    CHECK(kr_typeof(I, b) == KR_TYPE_BOOL && kr_typeof(I, by) == KR_TYPE_BYTES);
    CHECK(strcmp(kr_type_name(I, s), "str") == 0);
    long long x;
    double d;
    int t;
    CHECK(kr_to_int(I, i, &x) == KR_OK && x == 42);
    CHECK(kr_to_float(I, i, &d) == KR_OK && d == 42.0);
    CHECK(kr_to_float(I, f, &d) == KR_OK && d == 2.5);
    CHECK(kr_to_int(I, f, &x) == KR_ERROR && strcmp(kr_error_type(I), "TypeError") == 0);
    CHECK(kr_to_bool(I, n, &t) == KR_OK && t == 0);
    const char *p;
    size_t len;
    CHECK(kr_get_str(I, s, &p, &len) == KR_OK && len == 6 && strcmp(p, "héllo") == 0);
    CHECK(kr_get_str(I, i, &p, &len) == KR_ERROR);
    const void *bp;
    CHECK(kr_get_bytes(I, by, &bp, &len) == KR_OK && len == 3 && memcmp(bp, "a\0b", 3) == 0);
    CHECK(kr_strn(I, "\xff", 1) == NULL && strcmp(kr_error_type(I), "ValueError") == 0);
    kr_value *r;
    CHECK(kr_repr(I, s, &r) == KR_OK && kr_get_str(I, r, &p, NULL) == KR_OK);
    CHECK(strcmp(p, "'héllo'") == 0);
    CHECK(kr_to_str(I, f, &r) == KR_OK && kr_get_str(I, r, &p, NULL) == KR_OK);
    CHECK(strcmp(p, "2.5") == 0);
    /* big ints overflow long long */
    kr_value *big;
    CHECK(kr_eval(I, "2**100", &big) == KR_OK && kr_typeof(I, big) == KR_TYPE_INT);
    CHECK(kr_to_int(I, big, &x) == KR_ERROR && strcmp(kr_error_type(I), "OverflowError") == 0);
    CHECK(kr_to_float(I, big, &d) == KR_OK && d == ldexp(1.0, 100));
    /* containers */
    kr_value *l = kr_list(I);
    CHECK(kr_append(I, l, i) == KR_OK && kr_append(I, l, s) == KR_OK);
    CHECK(kr_append(I, i, s) == KR_ERROR);
    CHECK(kr_len(I, l, &x) == KR_OK && x == 2);
    CHECK(kr_get_index(I, l, -1, &r) == KR_OK && kr_is(I, r, s));
    CHECK(kr_get_index(I, l, 5, &r) == KR_ERROR && strcmp(kr_error_type(I), "IndexError") == 0);
    CHECK(kr_set_index(I, l, 0, f) == KR_OK);
    kr_value *items[2] = {i, f};
    kr_value *tu = kr_tuple(I, 2, items);
    CHECK(kr_typeof(I, tu) == KR_TYPE_TUPLE);
    kr_value *dct = kr_dict(I);
    CHECK(kr_set_key(I, dct, "a", i) == KR_OK && kr_set_item(I, dct, tu, l) == KR_OK);
    CHECK(kr_get_key(I, dct, "a", &r) == KR_OK && kr_to_int(I, r, &x) == KR_OK && x == 42);
    CHECK(kr_get_key(I, dct, "zz", &r) == KR_ERROR && strcmp(kr_error_type(I), "KeyError") == 0);
    CHECK(kr_set_item(I, dct, l, i) == KR_ERROR && strcmp(kr_error_type(I), "TypeError") == 0);
    CHECK(kr_contains(I, dct, tu, &t) == KR_OK && t == 1);
    CHECK(kr_del_item(I, dct, tu) == KR_OK && kr_contains(I, dct, tu, &t) == KR_OK && t == 0);
    CHECK(kr_get_item(I, dct, tu, &r) == KR_ERROR);
    kr_value *it, *item;
    long long sum = 0;
    CHECK(kr_eval(I, "range(5)", &r) == KR_OK && kr_iter(I, r, &it) == KR_OK);
    while (kr_next(I, it, &item) == KR_OK && item) {
        CHECK(kr_to_int(I, item, &x) == KR_OK);
        sum += x;
        kr_release(I, item);
    }
    CHECK(sum == 10);
    CHECK(kr_iter(I, i, &it) == KR_ERROR);
    /* attributes */
    CHECK(kr_get_attr(I, s, "upper", &r) == KR_OK && kr_call(I, r, 0, NULL, &r) == KR_OK);
    CHECK(kr_get_str(I, r, &p, NULL) == KR_OK && strcmp(p, "HÉLLO") == 0);
    CHECK(kr_get_attr(I, i, "nope", &r) == KR_ERROR);
    CHECK(strcmp(kr_error_type(I), "AttributeError") == 0);
    CHECK(kr_set_attr(I, i, "x", i) == KR_ERROR);
    kr_scope_pop(I, mark);
    CHECK(kr_handle_count(I) == 0);
    /* stale handles are refused */
    CHECK(kr_typeof(I, i) == KR_TYPE_INVALID && kr_to_int(I, i, &x) == KR_BADARG);
    kr_value *h = kr_int(I, 1);
    kr_release(I, h);
    kr_value *h2 = kr_int(I, 2);
    CHECK(kr_to_int(I, h, &x) == KR_BADARG && kr_to_int(I, h2, &x) == KR_OK && x == 2);
    kr_value *dup = kr_dup(I, h2);
    kr_release(I, h2);
    CHECK(kr_to_int(I, dup, &x) == KR_OK && x == 2);
    kr_release(I, dup);
    CHECK(kr_handle_count(I) == 0);
    CHECK(kr_to_int(I, NULL, &x) == KR_BADARG);
    kr_free(I);
}

static void test_run_and_errors(void) {
    Out out = {0}, err = {0};
    kr_interp *I = new_capturing(&out);
    CHECK(I);
    CHECK(kr_run_string(I, "x = 6 * 7\nprint('hi', x)\ndef f(a, b=1, *, c=0): return a*10+b+c\n",
                        "<t>") == KR_OK);
    CHECK(strcmp(out.buf, "hi 42\n") == 0);
    kr_value *r, *fn, *args[2];
    long long x;
    CHECK(kr_get_global(I, "x", &r) == KR_OK && kr_to_int(I, r, &x) == KR_OK && x == 42);
    CHECK(kr_get_global(I, "len", &r) == KR_OK && kr_typeof(I, r) == KR_TYPE_CALLABLE);
    CHECK(kr_get_global(I, "nope", &r) == KR_ERROR && strcmp(kr_error_type(I), "NameError") == 0);
    CHECK(kr_set_global(I, "y", kr_int(I, 5)) == KR_OK);
    CHECK(kr_eval(I, "x + y", &r) == KR_OK && kr_to_int(I, r, &x) == KR_OK && x == 47);
    CHECK(kr_get_global(I, "f", &fn) == KR_OK);
    args[0] = kr_int(I, 3);
    args[1] = kr_int(I, 4);
    CHECK(kr_call(I, fn, 2, args, &r) == KR_OK && kr_to_int(I, r, &x) == KR_OK && x == 34);
    const char *kn[1] = {"c"};
    kr_value *kv[1] = {kr_int(I, 100)};
    CHECK(kr_call_kw(I, fn, 1, args, 1, kn, kv, &r) == KR_OK);
    CHECK(kr_to_int(I, r, &x) == KR_OK && x == 131);
    const char *bad[1] = {"zz"};
    CHECK(kr_call_kw(I, fn, 1, args, 1, bad, kv, &r) == KR_ERROR);
    CHECK(strstr(kr_error_message(I), "unexpected keyword argument 'zz'"));
    CHECK(kr_call(I, args[0], 0, NULL, &r) == KR_ERROR);
    CHECK(strcmp(kr_error_message(I), "'int' object is not callable") == 0);
    kr_value *l;
    CHECK(kr_eval(I, "[3, 1, 2]", &l) == KR_OK &&
          kr_call_method(I, l, "sort", 0, NULL, NULL) == KR_OK);
    CHECK(kr_get_index(I, l, 0, &r) == KR_OK && kr_to_int(I, r, &x) == KR_OK && x == 1);
    CHECK(kr_call_method(I, l, "nope", 0, NULL, NULL) == KR_ERROR);
    /* globals dict and exec modes */
    kr_value *g = kr_dict(I);
    CHECK(kr_exec(I, "z = 1 + 1", "<g>", KR_MODE_EXEC, g, NULL) == KR_OK);
    CHECK(kr_get_key(I, g, "z", &r) == KR_OK && kr_to_int(I, r, &x) == KR_OK && x == 2);
    CHECK(kr_exec(I, "z * 5", "<g>", KR_MODE_EVAL, g, &r) == KR_OK);
    CHECK(kr_to_int(I, r, &x) == KR_OK && x == 10);
    out.len = 0;
    CHECK(kr_exec(I, "z + 40", "<s>", KR_MODE_SINGLE, g, NULL) == KR_OK);
    CHECK(strcmp(out.buf, "42\n") == 0);
    CHECK(kr_exec(I, "1", NULL, 7, NULL, NULL) == KR_BADARG);
    CHECK(kr_exec(I, "1", NULL, KR_MODE_EXEC, l, NULL) == KR_ERROR);
    CHECK(kr_globals(I) != NULL);
    /* errors */
    CHECK(kr_run_string(I, "def g():\n    raise ValueError('bad ' + str(1))\ng()\n", "err.py") ==
          KR_ERROR);
    CHECK(strcmp(kr_error_type(I), "ValueError") == 0);
    CHECK(strcmp(kr_error_message(I), "bad 1") == 0);
    const char *tb = kr_error_traceback(I);
    CHECK(strstr(tb, "Traceback (most recent call last):") && strstr(tb, "err.py\", line 2"));
    CHECK(strstr(tb, "ValueError: bad 1"));
    kr_value *e = kr_error_value(I);
    CHECK(e && strcmp(kr_type_name(I, e), "ValueError") == 0);
    kr_error_clear(I);
    CHECK(kr_error_type(I) == NULL && kr_error_value(I) == NULL);
    CHECK(kr_run_string(I, "x = (", "syn.py") == KR_ERROR);
    CHECK(strcmp(kr_error_type(I), "SyntaxError") == 0);
    CHECK(kr_run_string(I, "import sys\nsys.exit(3)", "<e>") == KR_EXIT && kr_exit_code(I) == 3);
    CHECK(kr_run_file(I, "/nonexistent/x.py") == KR_ERROR);
    CHECK(strcmp(kr_error_type(I), "FileNotFoundError") == 0);
    CHECK(kr_run_string(I, NULL, NULL) == KR_BADARG);
    CHECK(kr_raise(I, "KeyError", "k%d", 7) == KR_ERROR &&
          strcmp(kr_error_type(I), "KeyError") == 0);
    CHECK(kr_raise(I, "NoSuchError", "m") == KR_ERROR &&
          strcmp(kr_error_type(I), "RuntimeError") == 0);
    CHECK(kr_raise_value(I, e) == KR_ERROR && strcmp(kr_error_type(I), "ValueError") == 0);
    CHECK(kr_raise_value(I, l) == KR_ERROR && strcmp(kr_error_type(I), "TypeError") == 0);
    /* print_error goes to the error stream */
    kr_free(I);
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.write_err = capture;
    cfg.write_ud = &err;
    I = kr_new(&cfg);
    CHECK(I);
    CHECK(kr_run_string(I, "1/0", "<z>") == KR_ERROR);
    kr_print_error(I);
    CHECK(strstr(err.buf, "ZeroDivisionError: division by zero"));
    kr_free(I);
}

static void test_natives(void) {
    Out out = {0};
    kr_interp *I = new_capturing(&out);
    int bonus = 1000;
    CHECK(kr_register_function(I, "add", c_add, NULL) == KR_OK);
    CHECK(kr_register_function(I, "fail", c_fail_silently, NULL) == KR_OK);
    CHECK(kr_register_function(I, "call_back", c_call_back, NULL) == KR_OK);
    CHECK(kr_register_function(I, "", c_add, NULL) == KR_BADARG);
    kr_function_def fns[] = {{"add", c_add}, {NULL, NULL}};
    kr_value *mod;
    CHECK(kr_register_module(I, "hostmod", fns, &bonus, &mod) == KR_OK);
    CHECK(kr_set_attr(I, mod, "VERSION", kr_int(I, 7)) == KR_OK);
    CHECK(
        kr_run_string(I,
                      "import hostmod\n"
                      "print(add(1, 2), add(1, 2, scale=10), hostmod.add(1, 2), hostmod.VERSION)\n"
                      "try:\n    add(1)\nexcept TypeError as e:\n    print(e)\n"
                      "try:\n    add('a', 1)\nexcept TypeError as e:\n    print('TE')\n"
                      "try:\n    fail()\nexcept SystemError as e:\n    print(e)\n"
                      "print(call_back(lambda a, b: a * b, 6, 7))\n"
                      "try:\n    call_back(lambda: 1 / 0)\nexcept ZeroDivisionError:\n"
                      "    print('ZDE')\n"
                      "print(add)\n",
                      "<n>") == KR_OK);
    CHECK(strcmp(out.buf, "3 30 1003 7\nadd() takes 2 arguments (1 given)\nTE\n"
                          "fail() returned an error without raising one\n42\nZDE\n"
                          "<built-in function add>\n") == 0);
    kr_value *fn = kr_function(I, "addf", c_add, NULL), *r;
    kr_value *a2[2] = {kr_int(I, 2), kr_int(I, 3)};
    long long x;
    CHECK(kr_call(I, fn, 2, a2, &r) == KR_OK && kr_to_int(I, r, &x) == KR_OK && x == 5);
    CHECK(kr_call(I, fn, 1, a2, &r) == KR_ERROR && strcmp(kr_error_type(I), "TypeError") == 0);
    /* a class */
    kr_value *type;
    kr_type_def def = {"Counter", sizeof(Counter), NULL, counter_fin};
    kr_function_def methods[] = {{"__init__", counter_init}, {"incr", counter_incr}, {NULL, NULL}};
    def.methods = methods;
    /* ud points at the class handle, so methods can check their self */
    CHECK(kr_new_type(I, &def, &type, &type) == KR_OK);
    CHECK(kr_set_global(I, "Counter", type) == KR_OK);
    kr_value *type2 = type, *other;
    kr_type_def odef = {"Other", 8, NULL, NULL};
    CHECK(kr_new_type(I, &odef, NULL, &other) == KR_OK);
    out.len = 0;
    finalized = 0;
    CHECK(kr_run_string(I,
                        "c = Counter(5)\n"
                        "print(c.incr(), c.incr())\n"
                        "print(type(c).__name__)\n"
                        "try:\n    class D(Counter): pass\nexcept TypeError:\n    print('final')\n",
                        "<c>") == KR_OK ||
          (kr_print_error(I), 0));
    CHECK(strcmp(out.buf, "6 7\nCounter\nfinal\n") == 0);
    kr_value *inst;
    CHECK(kr_new_instance(I, type2, &inst) == KR_OK);
    CHECK(kr_instance_data(I, inst, type2) != NULL);
    CHECK(kr_instance_data(I, inst, other) == NULL);
    CHECK(kr_instance_data(I, a2[0], type2) == NULL);
    CHECK(kr_new_instance(I, a2[0], &inst) == KR_BADARG);
    kr_release(I, inst);
    CHECK(kr_run_string(I, "c = None\n", "<c>") == KR_OK);
    kr_gc_collect(I);
    CHECK(finalized >= 1); /* the released instance; the script's may still be referenced */
    kr_free(I);
    CHECK(finalized == 2); /* every finalizer runs by kr_free */
}

static int c_methods_self(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                          kr_value **result, void *ud) {
    Counter *c = counter_self(I, argv, ud);
    if (!c) return KR_ERROR;
    *result = kr_int(I, c->n += 10);
    return KR_OK;
}

static void test_class_methods(void) {
    kr_interp *I = kr_new(NULL);
    CHECK(I);
    kr_value *type = NULL;
    kr_function_def methods[] = {{"bump", c_methods_self}, {NULL, NULL}};
    kr_type_def def = {"Box", sizeof(Counter), methods, counter_fin};
    CHECK(kr_new_type(I, &def, &type, &type) == KR_OK);
    CHECK(kr_set_global(I, "Box", type) == KR_OK);
    kr_value *r;
    long long x;
    finalized = 0;
    CHECK(kr_eval(I, "[Box().bump(), Box().bump()]", &r) == KR_OK);
    CHECK(kr_get_index(I, r, 1, &r) == KR_OK && kr_to_int(I, r, &x) == KR_OK && x == 10);
    kr_free(I);
    CHECK(finalized == 2);
}

static void test_limits(void) {
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.memory_limit = 8u << 20;
    cfg.recursion_limit = 100;
    kr_interp *I = kr_new(&cfg);
    CHECK(I);
    CHECK(kr_run_string(I, "x = [0] * (10**8)", "<m>") == KR_ERROR);
    CHECK(strcmp(kr_error_type(I), "MemoryError") == 0);
    CHECK(kr_run_string(I, "l = []\nwhile True: l.append('x' * 1000)", "<m>") == KR_ERROR);
    CHECK(strcmp(kr_error_type(I), "MemoryError") == 0);
    kr_set_memory_limit(I, 0); /* room to drop the big list */
    kr_value *none = kr_none(I);
    CHECK(kr_set_global(I, "l", none) == KR_OK);
    kr_release(I, none);
    kr_gc_collect(I);
    kr_set_memory_limit(I, 8u << 20);
    CHECK(kr_run_string(I, "def f(n): return f(n + 1)\nf(0)", "<r>") == KR_ERROR);
    CHECK(strcmp(kr_error_type(I), "RecursionError") == 0);
    CHECK(kr_run_string(I, "x = sum(range(1000))", "<ok>") == KR_OK);
    CHECK(kr_memory_used(I) > 0);
    if (!vm_has_limit_hook()) {
        kr_free(I);
        return;
    }
    /* steps: a hostile loop that swallows every exception still stops */
    kr_set_step_limit(I, 100000);
    const char *hostile = "while True:\n    try:\n        while True: pass\n"
                          "    except BaseException:\n        pass\n";
    int rc = kr_run_string(I, hostile, "<h>");
    CHECK(rc == KR_LIMIT && kr_limit_reason(I) == KR_LIMIT_STEPS);
    CHECK(strcmp(kr_error_type(I), "KeyboardInterrupt") == 0);
    CHECK(kr_run_string(I, "y = 1", "<ok>") == KR_OK && kr_limit_reason(I) == KR_LIMIT_NONE);
    kr_set_step_limit(I, 0);
    kr_set_time_limit(I, 0.2);
    rc = kr_run_string(I, hostile, "<h>");
    CHECK(rc == KR_LIMIT && kr_limit_reason(I) == KR_LIMIT_TIME);
    kr_set_time_limit(I, 0);
    /* kr_interrupt before a run: raises at the first check */
    kr_interrupt(I);
    CHECK(kr_run_string(I, "while True: pass", "<i>") == KR_ERROR);
    CHECK(strcmp(kr_error_type(I), "KeyboardInterrupt") == 0);
    kr_gc_enable(I, 0);
    kr_gc_set_stress(I, 0);
    kr_gc_enable(I, 1);
    kr_free(I);
}

static void test_sandbox(void) {
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.sandbox = 1;
    kr_interp *I = kr_new(&cfg);
    CHECK(I);
    CHECK(kr_run_string(I, "open('/etc/passwd')", "<s>") == KR_ERROR);
    CHECK(kr_run_string(I, "import os", "<s>") == KR_ERROR);
    CHECK(kr_run_string(I, "import sys\nsys.exit(1)", "<s>") == KR_ERROR);
    CHECK(kr_run_string(I, "import math\nx = math.sqrt(4)", "<s>") == KR_OK);
    /* frozen modules load in the sandbox; pathlib's file system calls do not reach it */
    CHECK(kr_run_string(I,
                        "import dataclasses, typing, re, pathlib\n"
                        "assert str(pathlib.PurePath('a') / 'b') == 'a/b'",
                        "<s>") == KR_OK);
    CHECK(kr_run_string(I, "import pathlib\npathlib.Path('/etc/passwd').read_text()", "<s>") ==
          KR_ERROR);
    CHECK(strcmp(kr_error_type(I), "ImportError") == 0);
    CHECK(kr_run_string(I, "import pathlib\npathlib.Path('/etc').exists()", "<s>") == KR_ERROR);
    kr_free(I);
}

int main(void) {
    kr_config cfg;
    kr_config_init(&cfg);
    kr_config_init(NULL);
    kr_free(NULL);
    test_values();
    test_run_and_errors();
    test_natives();
    test_class_methods();
    test_limits();
    test_sandbox();
    printf("test_api: ok\n");
    return 0;
}
