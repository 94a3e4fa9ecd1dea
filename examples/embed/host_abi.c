/* host_abi.c: what a host checks to live with a library that changes under it.
 *
 *   - kr_version() is the library's version at run time, KR_VERSION_* the header's the host
 *     was compiled against: a host linked against libkrait.so refuses another major version;
 *   - kr_config_init fills kr_config.struct_size, so a newer library reads only the fields
 *     this host knows (new fields get their defaults);
 *   - an interpreter runs on a thread with a small stack (512 KiB here): the C-stack guard
 *     measures the calling thread's real stack, so deep recursion inside natives (the repr
 *     of a deeply nested list, parsing a deeply nested expression) raises RecursionError
 *     instead of overflowing it. Give threads that run untrusted scripts 1 MiB or more.
 *   - every global symbol of libkrait.a starts with kr_, so the host may have its own
 *     list_new (below) without a clash.
 * Build: cc host_abi.c $(pkg-config --cflags --libs krait) -lpthread; against libkrait.a,
 * `pkg-config --static` adds the libraries it needs (link -lkrait as -Wl,-Bstatic -lkrait
 * -Wl,-Bdynamic where libkrait.so is installed beside it). */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include <krait.h>

/* A host function whose name krait uses internally: no clash at link time. */
int list_new(void) {
    return 7;
}

static void *run_on_small_stack(void *arg) {
    int *rc = arg;
    kr_interp *I = kr_new(NULL);
    if (!I) return NULL;
    *rc = kr_run_string(I,
                        "x = []\n"
                        "for i in range(100000):\n"
                        "    x = [x]\n"
                        "try:\n"
                        "    repr(x)\n"
                        "except RecursionError as e:\n"
                        "    print('thread: repr of a 100000-deep list:', type(e).__name__)\n"
                        "try:\n"
                        "    eval('(' * 50000 + ')' * 50000)\n"
                        "except (RecursionError, MemoryError, SyntaxError) as e:\n"
                        "    print('thread: a 50000-deep expression:', type(e).__name__)\n"
                        "def depth(n):\n"
                        "    return n if n == 0 else depth(n - 1)\n"
                        "print('thread: Python recursion to 900 is fine:', depth(900))\n",
                        "deep.py");
    if (*rc != KR_OK) kr_print_error(I);
    kr_free(I);
    return NULL;
}

int main(void) {
    printf("compiled against krait %s, running with %s (%d)\n", KR_VERSION_STRING, kr_version(),
           kr_version_number());
    if (kr_version_number() / 10000 != KR_VERSION_MAJOR) {
        printf("another major version: refusing to run\n");
        return 1;
    }

    kr_config cfg;
    kr_config_init(&cfg);
    printf("kr_config.struct_size = sizeof(kr_config): %s\n",
           cfg.struct_size == sizeof(kr_config) ? "yes" : "no");

    pthread_attr_t attr;
    pthread_t t;
    int rc = -1;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 512 * 1024);
    if (pthread_create(&t, &attr, run_on_small_stack, &rc) != 0) return 1;
    pthread_join(t, NULL);
    pthread_attr_destroy(&attr);
    printf("the 512 KiB thread's run: %s\n", rc == KR_OK ? "KR_OK" : "failed");
    printf("the host's own list_new() still answers %d\n", list_new());
    return rc == KR_OK ? 0 : 1;
}
