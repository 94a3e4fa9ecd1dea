/* signals.c: Ctrl-C (SIGINT) and terminal resizes (SIGWINCH) for the `krait` command.
 *
 * A classic signal handler would need a global pointer to the interpreter; instead both
 * signals are blocked in every thread and one small thread waits for them with sigwait().
 * It holds the interpreter through its argument, so no mutable global exists. While code
 * runs, Ctrl-C becomes kr_interrupt (KeyboardInterrupt at the VM's next check, which also
 * ends time.sleep and GPU waits early); at the prompt it becomes a byte on a pipe that the
 * prompt's poll() loop (or, later, a libuv poll handle) reads. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

#include "repl.h"

struct ReplSignals {
    kr_interp *I;
    pthread_t thread;
    int pipe_fds[2]; /* read end polled by the prompt, write end used by the thread */
    sigset_t set;
    atomic_int running;
    atomic_int stopping;
};

static void *signals_thread(void *arg) {
    ReplSignals *s = arg;
    for (;;) {
        int sig = 0;
        if (sigwait(&s->set, &sig) != 0) continue;
        if (atomic_load(&s->stopping)) break;
        char byte = sig == SIGINT ? 'I' : 'W';
        if (sig == SIGINT && atomic_load(&s->running)) {
            kr_interrupt(s->I);
            continue;
        }
        /* A full pipe means the prompt has not caught up: dropping the byte is harmless. */
        ssize_t n = write(s->pipe_fds[1], &byte, 1);
        (void)n;
    }
    return NULL;
}

/* A forked child (os.system, a subprocess) must not keep the mask: exec preserves it, and
 * the child's Ctrl-C would do nothing. */
static void signals_unblock_in_child(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGWINCH);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

ReplSignals *repl_signals_start(kr_interp *I) {
    ReplSignals *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->I = I;
    atomic_init(&s->running, 1);
    atomic_init(&s->stopping, 0);
    if (pipe(s->pipe_fds) != 0) {
        free(s);
        return NULL;
    }
    for (int i = 0; i < 2; i++) {
        fcntl(s->pipe_fds[i], F_SETFL, fcntl(s->pipe_fds[i], F_GETFL) | O_NONBLOCK);
        fcntl(s->pipe_fds[i], F_SETFD, FD_CLOEXEC);
    }
    sigemptyset(&s->set);
    /* Started with SIGINT ignored (nohup, a shell's background job): leave it ignored, as
     * CPython does, and forward only SIGWINCH. */
    struct sigaction sa;
    if (!(sigaction(SIGINT, NULL, &sa) == 0 && sa.sa_handler == SIG_IGN))
        sigaddset(&s->set, SIGINT);
    sigaddset(&s->set, SIGWINCH);
    /* Block before the thread starts so that it, like every later thread, inherits the
     * mask; only sigwait() then ever receives these signals. */
    sigset_t old;
    pthread_atfork(NULL, NULL, signals_unblock_in_child);
    pthread_sigmask(SIG_BLOCK, &s->set, &old);
    if (pthread_create(&s->thread, NULL, signals_thread, s) != 0) {
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        close(s->pipe_fds[0]);
        close(s->pipe_fds[1]);
        free(s);
        return NULL;
    }
    return s;
}

void repl_signals_stop(ReplSignals *s) {
    if (!s) return;
    atomic_store(&s->stopping, 1);
    pthread_kill(s->thread, SIGWINCH); /* wakes sigwait (always in the set); it sees `stopping` */
    pthread_join(s->thread, NULL);
    close(s->pipe_fds[0]);
    close(s->pipe_fds[1]);
    pthread_sigmask(SIG_UNBLOCK, &s->set, NULL);
    free(s);
}

void repl_signals_set_running(ReplSignals *s, bool running) {
    if (s) atomic_store(&s->running, running ? 1 : 0);
}

int repl_signals_fd(ReplSignals *s) {
    return s ? s->pipe_fds[0] : -1;
}

int repl_signals_take(ReplSignals *s) {
    if (!s) return 0;
    char byte;
    ssize_t n;
    do {
        n = read(s->pipe_fds[0], &byte, 1);
    } while (n < 0 && errno == EINTR);
    return n == 1 ? byte : 0;
}
