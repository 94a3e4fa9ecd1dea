/* test_hostile_host.c: what an untrusted script in the sandbox tries (files through io.open,
 * numpy.save/load and a forged TextIOWrapper, the host's stdin, raising the recursion limit,
 * ending the host), and what a careless host does through the C API (a DLPack tensor
 * outliving its handle's scope, a handle passed to the wrong interpreter, a deep repr on a
 * thread with a small stack). Each must fail cleanly, never crash or escape. */
#include <pthread.h>
#include <string.h>
#include <unistd.h>

#include "embed_test.h"
#include "krait.h"

typedef struct Out {
    char buf[8192];
    size_t len;
} Out;

static void capture(void *ud, const char *data, size_t len) {
    Out *o = ud;
    if (o->len + len >= sizeof o->buf) len = sizeof o->buf - 1 - o->len;
    memcpy(o->buf + o->len, data, len);
    o->len += len;
    o->buf[o->len] = '\0';
}

static kr_interp *new_sandbox(Out *out) {
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.sandbox = 1;
    cfg.recursion_limit = 200;
    cfg.write_out = capture;
    cfg.write_err = capture;
    cfg.write_ud = out;
    return kr_new(&cfg);
}

/* Run src; it must fail with an exception of the given type (not KR_EXIT, not a crash). */
static void expect_error(kr_interp *I, const char *src, const char *type) {
    int rc = kr_run_string(I, src, "<hostile>");
    if (rc != KR_ERROR || strcmp(kr_error_type(I), type) != 0) {
        fprintf(stderr, "expected %s, got rc %d (%s: %s) from:\n%s\n", type, rc,
                rc == KR_ERROR ? kr_error_type(I) : "-", rc == KR_ERROR ? kr_error_message(I) : "",
                src);
        exit(1);
    }
}

static void test_sandbox(void) {
    Out out = {{0}, 0};
    kr_interp *I = new_sandbox(&out);
    CHECK(I);
    /* a file the script must neither read nor learn exists */
    char path[] = "/tmp/krait_sandbox_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    CHECK(write(fd, "secret", 6) == 6);
    char src[512];
    snprintf(src, sizeof src, "import io\nio.open('%s').read()", path);
    expect_error(I, src, "PermissionError");
    snprintf(src, sizeof src, "import io\nio.open('%s', 'w').write('x')", path);
    expect_error(I, src, "PermissionError");
    expect_error(I, "import io\nio.open('/nonexistent/x')", "PermissionError");
    expect_error(I, "open('/etc/passwd')", "NotImplementedError");
    /* a TextIOWrapper made by hand, pointed at the host's own descriptor */
    snprintf(src, sizeof src,
             "import io\nf = io.TextIOWrapper.__new__(io.TextIOWrapper)\n"
             "f._fd = %d\nf._flags = 1\nf._rbuf = bytearray()\nf.closed = False\nf.read()",
             fd);
    expect_error(I, src, "PermissionError");
    snprintf(src, sizeof src,
             "import io\nf = io.TextIOWrapper.__new__(io.TextIOWrapper)\n"
             "f._fd = 1\nf._flags = 2\nf._rbuf = bytearray()\nf.closed = False\nf.write('x')");
    expect_error(I, src, "PermissionError");
    /* numpy's files, and errors that would tell which paths exist */
    snprintf(src, sizeof src, "import numpy as np\nnp.load('%s')", path);
    expect_error(I, src, "PermissionError");
    CHECK(strstr(kr_error_message(I), "krait_sandbox") == NULL);
    expect_error(I, "import numpy as np\nnp.save('/tmp/krait_sandbox_out', np.zeros(3))",
                 "PermissionError");
    CHECK(access("/tmp/krait_sandbox_out.npy", F_OK) != 0);
    expect_error(I, "import numpy as np\nnp.load('/nonexistent/y.npy')", "PermissionError");
    /* the ones written in Python (stdlib/py/_numpy_misc.py) refuse the same way */
    snprintf(src, sizeof src, "import numpy as np\nnp.fromfile('%s')", path);
    expect_error(I, src, "PermissionError");
    expect_error(I, "import numpy as np\nnp.savez('/tmp/krait_sandbox_out', a=np.zeros(3))",
                 "PermissionError");
    expect_error(I, "import numpy as np\nnp.zeros(3).tofile('/tmp/krait_sandbox_out.bin')",
                 "PermissionError");
    CHECK(access("/tmp/krait_sandbox_out.npz", F_OK) != 0);
    CHECK(access("/tmp/krait_sandbox_out.bin", F_OK) != 0);
    /* the host's stdin */
    expect_error(I, "input()", "NotImplementedError");
    expect_error(I, "input('prompt: ')", "NotImplementedError");
    /* the recursion limit: lowering is fine, raising above the host's is refused */
    CHECK(kr_run_string(I, "import sys\nsys.setrecursionlimit(150)", "<ok>") == KR_OK);
    expect_error(I, "import sys\nsys.setrecursionlimit(100000)", "ValueError");
    expect_error(I, "import sys\nsys.setrecursionlimit(201)", "ValueError");
    CHECK(kr_run_string(I, "import sys\nsys.setrecursionlimit(200)", "<ok>") == KR_OK);
    expect_error(I, "def f(n): return f(n + 1)\nf(0)", "RecursionError");
    /* ending the host */
    expect_error(I, "exit(3)", "NotImplementedError");
    expect_error(I, "quit()", "NotImplementedError");
    expect_error(I, "import sys\nsys.exit(3)", "NotImplementedError");
    expect_error(I, "raise SystemExit(3)", "SystemExit");
    expect_error(I, "import builtins\nbuiltins.exit(4)", "NotImplementedError");
    /* os is not there at all */
    expect_error(I, "import os", "ImportError");
    /* and ordinary work still runs */
    CHECK(kr_run_string(I, "print(sum(range(10)))", "<ok>") == KR_OK);
    CHECK(strstr(out.buf, "45\n") != NULL);
    kr_free(I);
    close(fd);
    /* the file is untouched */
    FILE *f = fopen(path, "rb");
    CHECK(f);
    char got[16] = {0};
    CHECK(fread(got, 1, sizeof got, f) == 6 && memcmp(got, "secret", 6) == 0);
    fclose(f);
    unlink(path);
    /* outside the sandbox SystemExit still reports KR_EXIT */
    kr_interp *J = kr_new(NULL);
    CHECK(J);
    CHECK(kr_run_string(J, "exit(3)", "<exit>") == KR_EXIT && kr_exit_code(J) == 3);
    kr_free(J);
}

static int released;
static void count_release(void *ud, void *data) {
    (void)data;
    ++*(int *)ud;
}

/* A DLPack tensor keeps its array alive after every handle to it is gone. */
static void test_dlpack_lifetime(void) {
    kr_interp *I = kr_new(NULL);
    CHECK(I);
    float buf[6] = {1, 2, 3, 4, 5, 6};
    int64_t shape[2] = {2, 3};
    released = 0;
    size_t scope = kr_scope_push(I);
    kr_value *a =
        kr_array_wrap(I, buf, KR_FLOAT32, 2, shape, NULL, KR_DEVICE_HOST, count_release, &released);
    CHECK(a);
    kr_dlmanaged_tensor *t = kr_array_to_dlpack(I, a);
    CHECK(t);
    kr_scope_pop(I, scope); /* the handle is gone; the tensor still owns the array */
    kr_gc_collect(I);
    kr_gc_collect(I);
    CHECK(released == 0);
    CHECK(t->dl_tensor.data == buf && t->dl_tensor.ndim == 2 && t->dl_tensor.shape[1] == 3);
    /* the array behind the tensor is still whole: import it back and read it */
    kr_value *back = kr_array_from_dlpack(I, t); /* takes ownership of t */
    CHECK(back);
    kr_set_global(I, "b", back);
    kr_value *r;
    CHECK(kr_eval(I, "float(b.sum())", &r) == KR_OK);
    double s;
    CHECK(kr_to_float(I, r, &s) == KR_OK && s == 21.0);
    kr_release(I, r);
    kr_release(I, back);
    /* two exports of one array, deleted in either order */
    scope = kr_scope_push(I);
    a = kr_array_wrap(I, buf, KR_FLOAT32, 2, shape, NULL, KR_DEVICE_HOST, count_release, &released);
    kr_dlmanaged_tensor *t1 = kr_array_to_dlpack(I, a), *t2 = kr_array_to_dlpack(I, a);
    CHECK(t1 && t2);
    kr_scope_pop(I, scope);
    kr_gc_collect(I);
    t1->deleter(t1);
    kr_gc_collect(I);
    CHECK(t2->dl_tensor.data == buf);
    t2->deleter(t2);
    kr_run_string(I, "b = None", "<drop>");
    kr_gc_collect(I); /* frees the import, whose deleter lets go of the first array ... */
    kr_gc_collect(I); /* ... which this collection frees */
    CHECK(released == 2);
    kr_free(I);
}

/* A handle belongs to the interpreter that made it. */
static void test_foreign_handles(void) {
    kr_interp *A = kr_new(NULL), *B = kr_new(NULL);
    CHECK(A && B);
    for (int i = 0; i < 50; i++) { /* the same slot numbers are live in both */
        kr_value *ha = kr_int(A, 1000 + i), *hb = kr_str(B, "b");
        CHECK(ha && hb);
        long long x = 0;
        CHECK(kr_to_int(B, ha, &x) == KR_BADARG);
        CHECK(kr_typeof(B, ha) == KR_TYPE_INVALID);
        CHECK(kr_set_global(B, "stolen", ha) == KR_BADARG);
        const char *sp;
        size_t sl;
        CHECK(kr_get_str(A, hb, &sp, &sl) == KR_BADARG);
        CHECK(kr_to_int(A, ha, &x) == KR_OK && x == 1000 + i);
    }
    kr_free(A);
    kr_free(B);
}

/* Deep __repr__ recursion on a thread with a 512 KiB stack raises RecursionError. The
 * interpreter is the thread's own, or (arg->I set) one the main thread made and used first,
 * so the guard must measure this thread's stack, not reuse the one it saw before. */
typedef struct DeepArg {
    kr_interp *I;
    int ok;
} DeepArg;

static kr_interp *deep_interp(void) {
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.recursion_limit = 100000; /* only the C stack check can stop it */
    return kr_new(&cfg);
}

static void *deep_repr(void *arg) {
    DeepArg *d = arg;
    kr_interp *I = d->I ? d->I : deep_interp();
    if (!I) return NULL;
    int rc = kr_run_string(I,
                           "class R:\n    def __init__(self, n): self.n = n\n"
                           "    def __repr__(self): return repr(R(self.n + 1))\n"
                           "repr(R(0))",
                           "<deep>");
    int rc2 = kr_run_string(I, "l = []\nfor i in range(100000): l = [l]\nrepr(l)", "<nest>");
    int rc3 = kr_run_string(I, "x = 1 + 1", "<after>");
    d->ok = rc == KR_ERROR && strcmp(kr_error_type(I), "RecursionError") == 0 && rc2 == KR_ERROR &&
            rc3 == KR_OK;
    if (!d->I) kr_free(I);
    return NULL;
}

static void run_small_thread(DeepArg *d) {
    pthread_attr_t at;
    pthread_attr_init(&at);
    CHECK(pthread_attr_setstacksize(&at, 512u << 10) == 0);
    pthread_t t;
    CHECK(pthread_create(&t, &at, deep_repr, d) == 0);
    pthread_join(t, NULL);
    pthread_attr_destroy(&at);
}

static void test_small_stack(void) {
    DeepArg own = {NULL, 0};
    run_small_thread(&own);
    CHECK(own.ok);

    /* Main thread first (its 8 MiB stack is remembered), then the small thread, then main
     * again: deep legal nesting works there once more. */
    kr_interp *I = deep_interp();
    CHECK(I);
    CHECK(kr_run_string(I, "y = [1]", "<main>") == KR_OK);
    DeepArg moved = {I, 0};
    run_small_thread(&moved);
    CHECK(moved.ok);
    CHECK(kr_run_string(I, "l = []\nfor i in range(3000): l = [l]\nr = repr(l)", "<main2>") ==
          KR_OK);
    kr_free(I);
}

int main(void) {
    test_sandbox();
    test_dlpack_lifetime();
    test_foreign_handles();
    test_small_stack();
    printf("test_hostile_host: ok\n");
    return 0;
}
