/* test_threads.c: many interpreters, one per thread, running concurrently; and kr_interrupt
 * and kr_terminate sent from another thread to a running script. */
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "embed_test.h"
#include "krait.h"

static void *worker(void *arg) {
    long id = (long)arg;
    for (int round = 0; round < 3; round++) {
        kr_interp *I = kr_new(NULL);
        CHECK(I);
        CHECK(kr_set_global(I, "ID", kr_int(I, id)) == KR_OK);
        CHECK(kr_run_string(I,
                            "r = sum(i * ID for i in range(20000))\nd = {str(i): i for i in "
                            "range(500)}\n",
                            "<t>") == KR_OK);
        kr_value *r;
        long long x;
        CHECK(kr_get_global(I, "r", &r) == KR_OK && kr_to_int(I, r, &x) == KR_OK);
        CHECK(x == id * (20000LL * 19999 / 2));
        kr_free(I);
    }
    return NULL;
}

typedef struct Stopper {
    kr_interp *I;
    int terminate;
} Stopper;

static void *stopper(void *arg) {
    Stopper *s = arg;
    struct timespec ts = {0, 50 * 1000 * 1000};
    nanosleep(&ts, NULL);
    if (s->terminate)
        kr_terminate(s->I);
    else
        kr_interrupt(s->I);
    return NULL;
}

int main(void) {
    enum { N = 8 };
    pthread_t th[N];
    for (long i = 0; i < N; i++)
        CHECK(pthread_create(&th[i], NULL, worker, (void *)i) == 0);
    for (int i = 0; i < N; i++)
        pthread_join(th[i], NULL);

    kr_interp *I = kr_new(NULL);
    CHECK(I);
    Stopper s = {I, 0};
    pthread_t t;
    CHECK(pthread_create(&t, NULL, stopper, &s) == 0);
    CHECK(kr_run_string(I, "while True: pass", "<i>") == KR_ERROR);
    CHECK(strcmp(kr_error_type(I), "KeyboardInterrupt") == 0);
    pthread_join(t, NULL);
    if (!vm_has_limit_hook()) {
        kr_free(I);
        return 0;
    }
    s.terminate = 1;
    CHECK(pthread_create(&t, NULL, stopper, &s) == 0);
    int rc = kr_run_string(I,
                           "while True:\n    try:\n        while True: pass\n"
                           "    except BaseException:\n        pass\n",
                           "<t>");
    pthread_join(t, NULL);
    CHECK(rc == KR_LIMIT && kr_limit_reason(I) == KR_LIMIT_TERMINATED);
    CHECK(kr_run_string(I, "x = 1", "<ok>") == KR_OK);
    kr_free(I);
    printf("test_threads: ok\n");
    return 0;
}
