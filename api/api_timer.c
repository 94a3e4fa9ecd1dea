/* api_timer.c: the time limit's alarm. The VM reads the clock only when its step budget
 * runs out (every check_interval steps), so a loop whose steps are long natives (a sort, a
 * join, an array reduction of milliseconds each) read it seconds or minutes late. With a
 * time limit, a thread per interpreter (started at the first run that has one, joined by
 * kr_free) waits for the run's deadline and then sets I->interrupt_pending to
 * API_TIMER_SIGNAL: the next check anywhere (a backward jump, a call, a native's poll)
 * takes the slow path, and api_check_limits stops the run. A run that ends first disarms
 * it; an alarm is never left behind for the next run, nor taken for Ctrl-C (kr_interrupt
 * stores 1). If the thread cannot be made, the clock reads at the checks remain. */
#include <string.h>
#include <time.h>

#include "api_internal.h"

struct ApiTimer {
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    double deadline; /* monotonic seconds; 0: disarmed (all under mu) */
    double waiting;  /* the deadline the thread sleeps until; 0: until signalled */
    bool quit;
    atomic_int fired;      /* the deadline of this run passed */
    atomic_int *interrupt; /* &I->interrupt_pending */
};

static void timer_abs(double t, struct timespec *ts) {
    ts->tv_sec = (time_t)t;
    ts->tv_nsec = (long)((t - (double)ts->tv_sec) * 1e9);
    if (ts->tv_nsec >= 1000000000L) {
        ts->tv_sec++;
        ts->tv_nsec -= 1000000000L;
    }
}

static void *timer_main(void *arg) {
    ApiTimer *t = arg;
    pthread_mutex_lock(&t->mu);
    while (!t->quit) {
        if (t->deadline <= 0) {
            t->waiting = 0;
            pthread_cond_wait(&t->cv, &t->mu);
            continue;
        }
        if (api_monotonic_now() >= t->deadline) {
            atomic_store(&t->fired, 1);
            int idle = 0; /* a pending Ctrl-C stays one; the check sees fired first */
            atomic_compare_exchange_strong(t->interrupt, &idle, API_TIMER_SIGNAL);
            t->deadline = 0;
            continue;
        }
        t->waiting = t->deadline;
        struct timespec ts;
        timer_abs(t->deadline, &ts);
        pthread_cond_timedwait(&t->cv, &t->mu, &ts);
    }
    pthread_mutex_unlock(&t->mu);
    return NULL;
}

static ApiTimer *timer_start(Interp *I) {
    ApiTimer *t = I->allocator.fn(I->allocator.ud, NULL, 0, sizeof(ApiTimer));
    if (!t) return NULL;
    memset(t, 0, sizeof *t);
    atomic_init(&t->fired, 0);
    t->interrupt = &I->interrupt_pending;
    pthread_condattr_t ca;
    bool ok = pthread_condattr_init(&ca) == 0;
    if (ok) {
        ok = pthread_condattr_setclock(&ca, CLOCK_MONOTONIC) == 0 &&
             pthread_cond_init(&t->cv, &ca) == 0;
        pthread_condattr_destroy(&ca);
    }
    if (ok && pthread_mutex_init(&t->mu, NULL) != 0) {
        pthread_cond_destroy(&t->cv);
        ok = false;
    }
    if (ok && pthread_create(&t->thread, NULL, timer_main, t) != 0) {
        pthread_mutex_destroy(&t->mu);
        pthread_cond_destroy(&t->cv);
        ok = false;
    }
    if (!ok) {
        I->allocator.fn(I->allocator.ud, t, sizeof(ApiTimer), 0);
        return NULL;
    }
    return t;
}

void api_timer_arm(Interp *I, double deadline) {
    ApiState *a = I->api;
    if (!a->timer && !a->timer_failed) {
        a->timer = timer_start(I);
        a->timer_failed = !a->timer; /* not retried at every run */
    }
    ApiTimer *t = a->timer;
    if (!t) return;
    atomic_store(&t->fired, 0);
    pthread_mutex_lock(&t->mu);
    t->deadline = deadline;
    /* wake the thread only if it would sleep past the new deadline (runs one after the
     * other under the same limit never need to) */
    if (t->waiting <= 0 || deadline < t->waiting) pthread_cond_signal(&t->cv);
    pthread_mutex_unlock(&t->mu);
}

void api_timer_disarm(Interp *I) {
    ApiTimer *t = I->api->timer;
    if (!t) return;
    pthread_mutex_lock(&t->mu);
    t->deadline = 0;
    pthread_mutex_unlock(&t->mu);
    atomic_store(&t->fired, 0);
    int mine = API_TIMER_SIGNAL; /* its own signal only: a Ctrl-C stays pending */
    atomic_compare_exchange_strong(&I->interrupt_pending, &mine, 0);
}

bool api_timer_fired(Interp *I) {
    ApiTimer *t = I->api->timer;
    return t && atomic_load(&t->fired);
}

void api_timer_free(Interp *I) {
    ApiTimer *t = I->api->timer;
    if (!t) return;
    pthread_mutex_lock(&t->mu);
    t->quit = true;
    pthread_cond_signal(&t->cv);
    pthread_mutex_unlock(&t->mu);
    pthread_join(t->thread, NULL);
    pthread_mutex_destroy(&t->mu);
    pthread_cond_destroy(&t->cv);
    I->allocator.fn(I->allocator.ud, t, sizeof(ApiTimer), 0);
    I->api->timer = NULL;
}
