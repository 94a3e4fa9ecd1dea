/* watchdog.c: stopping scripts that are inside long C calls.
 *
 *   1. A long native of the host's own (crunch) calls kr_check_interrupt every few thousand
 *      iterations, so a time limit stops it, and it returns KR_ERROR at once when told to.
 *   2. A watchdog thread calls kr_interrupt while the script sleeps in time.sleep(1000):
 *      the sleep ends with KeyboardInterrupt, which the script may catch.
 *   3. A watchdog thread calls kr_terminate while the script is inside one C-level call of
 *      the standard library (sum(range(10**13))): except and finally clauses run (files
 *      get closed), but every later check stops the script again, so none can keep it
 *      running; the run returns KR_LIMIT, and the next run starts clean.
 *   4. The standard library's C loops honour the time limit: each of these stops in about
 *      0.1 s instead of running for hours.
 *
 * kr_interrupt and kr_terminate are the only calls safe from another thread or a signal
 * handler. Build: cc watchdog.c $(pkg-config --cflags --libs krait) -lpthread */
#include <pthread.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include <krait.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* crunch(n): a long C loop that checks for interrupts and limits. */
static int crunch(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                  kr_value **result, void *ud) {
    long long n;
    if (kr_parse_args(I, argc, argv, kwargs, "crunch(n: i, /)", &n) != KR_OK) return KR_ERROR;
    unsigned long long h = 1469598103934665603ull;
    for (long long i = 0; i < n; i++) {
        if ((i & 4095) == 0 && kr_check_interrupt(I) != KR_OK)
            return KR_ERROR; /* a limit, kr_terminate or kr_interrupt: unwind now */
        h = (h ^ (unsigned long long)i) * 1099511628211ull;
    }
    *result = kr_int(I, (long long)(h >> 1));
    return *result ? KR_OK : KR_ERROR;
}

typedef struct Watchdog {
    kr_interp *I;
    double after;  /* seconds */
    int terminate; /* 0: kr_interrupt */
} Watchdog;

static void *watchdog(void *arg) {
    Watchdog *w = arg;
    usleep((useconds_t)(w->after * 1e6));
    if (w->terminate)
        kr_terminate(w->I);
    else
        kr_interrupt(w->I);
    return NULL;
}

static const char *rc_name(int rc) {
    switch (rc) {
    case KR_OK: return "KR_OK";
    case KR_ERROR: return "KR_ERROR";
    case KR_LIMIT: return "KR_LIMIT";
    default: return "another code";
    }
}

/* Run source while a watchdog thread fires after `after` seconds. */
static int run_watched(kr_interp *I, const char *source, double after, int terminate) {
    Watchdog w = {I, after, terminate};
    pthread_t t;
    if (pthread_create(&t, NULL, watchdog, &w) != 0) return -1;
    double t0 = now();
    int rc = kr_run_string(I, source, "watched.py");
    double dt = now() - t0;
    pthread_join(t, NULL);
    printf("  %s after %.1f s\n", rc_name(rc), dt);
    return rc;
}

int main(void) {
    kr_interp *I = kr_new(NULL);
    if (!I) return 1;
    kr_register_function(I, "crunch", crunch, NULL);
    if (kr_run_string(I, "import collections, itertools, time", "imports.py") != KR_OK) {
        kr_print_error(I);
        return 1;
    }

    printf("1. crunch(10**13) under a 0.1 s time limit:\n");
    kr_set_time_limit(I, 0.1); /* seconds per run, from the next run on */
    int rc = kr_run_string(I, "crunch(10**13)", "crunch.py");
    printf("  %s, %s\n", rc_name(rc),
           kr_limit_reason(I) == KR_LIMIT_TIME ? "stopped by the time limit" : "?");
    kr_set_time_limit(I, 0); /* the watchdog thread decides from here on */
    if (kr_run_string(I, "print('  crunch(1000) =', crunch(1000) > 0)", "small.py") != KR_OK)
        kr_print_error(I);

    printf("2. kr_interrupt during time.sleep(1000):\n");
    rc = run_watched(I,
                     "try:\n"
                     "    time.sleep(1000)\n"
                     "except KeyboardInterrupt:\n"
                     "    print('  script: woken by KeyboardInterrupt')\n",
                     0.1, 0);
    if (rc != KR_OK) kr_print_error(I);

    printf("3. kr_terminate during sum(range(10**13)):\n");
    rc = run_watched(I,
                     "while True:\n"
                     "    try:\n"
                     "        sum(range(10**13))\n"
                     "    except BaseException:\n"
                     "        print('  script: the except clause runs, the loop cannot go on')\n",
                     0.1, 1);
    printf("  %s\n", kr_limit_reason(I) == KR_LIMIT_TERMINATED ? "terminated" : "?");
    if (kr_run_string(I, "print('  the next run is clean:', 6 * 7)", "next.py") != KR_OK)
        kr_print_error(I);

    printf("4. C loops of the standard library under a 0.1 s time limit:\n");
    kr_set_time_limit(I, 0.1);
    static const char *const loops[] = {
        "sum(range(10**13))",
        "any(itertools.repeat(0, 10**13))",
        "collections.deque(itertools.count(), maxlen=0)",
        "sorted(range(10**7), key=lambda x: -x)",
        "time.sleep(1000)",
    };
    for (size_t i = 0; i < sizeof loops / sizeof *loops; i++) {
        double t0 = now();
        rc = kr_run_string(I, loops[i], "loop.py");
        double dt = now() - t0;
        printf("  %-48s %s, %s\n", loops[i], rc_name(rc),
               rc == KR_LIMIT && kr_limit_reason(I) == KR_LIMIT_TIME && dt < 2.0
                   ? "stopped in time"
                   : "NOT stopped in time");
    }
    kr_free(I);
    return 0;
}
