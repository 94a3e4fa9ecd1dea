/* test_sandbox.c: the sandbox's allow-lists (kr_config.sandbox_modules, sandbox_builtins):
 * a script imports only the listed modules (and their submodules) while the library's own
 * modules still import what they need; it sees only the listed builtins (and the dunder
 * names the language needs), in its own code, in functions it defines and in exec; library
 * modules do not hand it the full builtins through __builtins__; the host's own functions
 * and modules stay visible; an empty list allows nothing; outside the sandbox the lists do
 * nothing. */
#include <string.h>

#include "embed_test.h"

static void sink(void *ud, const char *d, size_t n) {}

static kr_interp *sandboxed(int sandbox, const char *const *modules, const char *const *builtins) {
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.sandbox = sandbox;
    cfg.sandbox_modules = modules;
    cfg.sandbox_builtins = builtins;
    cfg.write_out = sink;
    cfg.write_err = sink;
    kr_interp *I = kr_new(&cfg);
    CHECK(I);
    return I;
}

/* Runs src, which must fail with type (and a message containing msg, when given). */
static void fails(kr_interp *I, const char *src, const char *type, const char *msg) {
    int rc = kr_run_string(I, src, "<sandbox>");
    if (rc != KR_ERROR || strcmp(kr_error_type(I), type) != 0 ||
        (msg && !strstr(kr_error_message(I), msg))) {
        fprintf(stderr, "%s\n  gave rc %d: %s\n", src, rc,
                rc == KR_ERROR ? kr_error_traceback(I) : "");
        exit(1);
    }
}

static void runs(kr_interp *I, const char *src) {
    int rc = kr_run_string(I, src, "<sandbox>");
    if (rc != KR_OK) {
        fprintf(stderr, "%s\n  gave rc %d: %s\n", src, rc,
                rc == KR_ERROR ? kr_error_traceback(I) : "");
        exit(1);
    }
}

static int host_double(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                       kr_value **result, void *ud) {
    long long x;
    if (argc != 1 || kr_to_int(I, argv[0], &x) != KR_OK) return KR_ERROR;
    *result = kr_int(I, 2 * x);
    return KR_OK;
}

int main(void) {
    /* the host names the writer's dict of tools: these and nothing else */
    char mods_buf[2][8] = {"json", "re"};
    const char *mods[] = {mods_buf[0], mods_buf[1], "math", "collections", NULL};
    const char *builtins[] = {"print", "len", "range", "str",         "dict",      "type",
                              "exec",  "sum", "list",  "ImportError", "NameError", NULL};
    kr_interp *I = sandboxed(1, mods, builtins);
    memset(mods_buf, 'x', sizeof mods_buf); /* kr_new kept its own copy */

    /* allowed modules, and what they import for themselves (re: _re, enum, ...) */
    runs(I, "import json, math, re\n"
            "assert json.loads(json.dumps({'a': [1, 2]})) == {'a': [1, 2]}\n"
            "assert re.compile(r'(a+)b').match('aab').group(1) == 'aa'\n"
            "assert math.sqrt(16) == 4\n"
            "import collections.abc\n"); /* a submodule of an allowed package */
    fails(I, "import itertools", "ImportError", "import of 'itertools' is not allowed");
    fails(I, "import os.path", "ImportError", "not allowed in this sandbox");
    fails(I, "from functools import reduce", "ImportError", "'functools'");
    fails(I, "import sys", "ImportError", "'sys'");
    fails(I, "import _re", "ImportError", "'_re'"); /* re may; the script may not */
    fails(I, "__import__('time')", "ImportError", "'time'");
    fails(I, "try:\n    import enum\nexcept ImportError:\n    raise NameError('caught')\n",
          "NameError", "caught");

    /* builtins: the listed ones, everywhere script code runs */
    runs(I, "assert sum(range(4)) == 6 and len(str(12)) == 2\n"
            "class C:\n    def m(self):\n        return len(list(range(3)))\n"
            "assert C().m() == 3\n");
    fails(I, "sorted([2, 1])", "NameError", "'sorted'");
    fails(I, "open('/etc/passwd')", "NameError", "'open'");
    fails(I, "def f():\n    return getattr(1, 'real')\nf()", "NameError", "'getattr'");
    fails(I, "g = (max(i) for i in [[1]])\nlist(g)", "NameError", "'max'");
    fails(I, "exec('sorted([1])')", "NameError", "'sorted'");
    fails(I, "exec('x = 1', {})\nexec('sorted', {})", "NameError", "'sorted'");
    /* a library module does not hand the script the whole builtins */
    runs(I, "import json\nb = json.__builtins__\n"
            "assert type(b) is dict and 'sorted' not in b and 'len' in b\n"
            "assert 'sorted' not in __builtins__\n");
    /* the host's own additions stay visible */
    CHECK(kr_register_function(I, "host_double", host_double, NULL) == KR_OK);
    static const kr_function_def fns[] = {{"twice", host_double}, {NULL, NULL}};
    CHECK(kr_register_module(I, "hostmod", fns, NULL, NULL) == KR_OK);
    runs(I, "import hostmod\nassert host_double(4) == 8 and hostmod.twice(5) == 10\n");
    kr_free(I);

    /* an empty module list allows no import; builtins unrestricted */
    const char *none[] = {NULL};
    I = sandboxed(1, none, NULL);
    fails(I, "import math", "ImportError", "'math'");
    runs(I, "assert sorted([2, 1]) == [1, 2]\n");
    kr_free(I);

    /* an empty builtins list: only the dunder names */
    I = sandboxed(1, NULL, none);
    fails(I, "len('x')", "NameError", "'len'");
    runs(I, "class D:\n    pass\nimport math\n");
    kr_free(I);

    /* outside the sandbox the lists do nothing */
    I = sandboxed(0, none, none);
    runs(I, "import itertools\nassert sorted([2, 1]) == [1, 2]\n");
    kr_free(I);
    printf("test_sandbox: ok\n");
    return 0;
}
