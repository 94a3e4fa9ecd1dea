/* untrusted.c: a host that runs untrusted scripts with memory and time limits, in the
 * sandbox, and survives hostile ones. Each script gets a fresh interpreter (nothing leaks
 * between scripts) with a memory cap, a time cap and a step cap; output is captured (and
 * truncated) instead of going to the terminal. A watchdog thread could also call
 * kr_terminate(I) at any moment, for example on a user's "stop" button.
 * Build: cc untrusted.c $(pkg-config --cflags --libs krait) */
#include <stdio.h>
#include <string.h>

#include <krait.h>

typedef struct Output {
    char text[256];
    size_t len;
} Output;

static void capture(void *ud, const char *data, size_t len) {
    Output *o = ud;
    size_t room = sizeof o->text - 1 - o->len;
    if (len > room) len = room; /* a script printing forever cannot grow host memory */
    memcpy(o->text + o->len, data, len);
    o->len += len;
    o->text[o->len] = '\0';
}

static void run_untrusted(const char *name, const char *source) {
    Output out = {{0}, 0};
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.sandbox = 1;              /* no open(), os, sys.exit, imports of .py files */
    cfg.memory_limit = 16u << 20; /* bytes */
    cfg.time_limit = 0.5;         /* seconds */
    cfg.step_limit = 50000000;    /* loop iterations + calls */
    cfg.recursion_limit = 200;
    cfg.write_out = capture;
    cfg.write_err = capture;
    cfg.write_ud = &out;
    kr_interp *I = kr_new(&cfg);
    if (!I) {
        printf("%-10s could not create an interpreter\n", name);
        return;
    }
    int rc = kr_run_string(I, source, name);
    switch (rc) {
    case KR_OK: printf("%-10s ok, printed: %s", name, out.text); break;
    case KR_ERROR:
        printf("%-10s failed: %s: %s\n", name, kr_error_type(I), kr_error_message(I));
        break;
    case KR_LIMIT:
        printf("%-10s stopped: %s\n", name,
               kr_limit_reason(I) == KR_LIMIT_TIME ? "time limit" : "step limit");
        break;
    default: printf("%-10s ended with code %d\n", name, rc); break;
    }
    kr_free(I);
}

int main(void) {
    run_untrusted("friendly", "print(sum(i * i for i in range(100)))\n");
    run_untrusted("spin", "while True:\n    try:\n        while True: pass\n"
                          "    except BaseException:\n        pass\n");
    run_untrusted("hog", "x = []\nwhile True: x.append('y' * 10000)\n");
    run_untrusted("deep", "def f(): return f()\nf()\n");
    run_untrusted("escape", "import os\nos.system('echo pwned')\n");
    run_untrusted("files", "print(open('/etc/passwd').read())\n");
    run_untrusted("exit", "import sys\nsys.exit(0)\n");
    run_untrusted("chatty", "while True: print('spam' * 100)\n");
    return 0;
}
