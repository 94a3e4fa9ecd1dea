/* repl.c: the interactive prompt of `krait`, deciding statements the way CPython's REPL
 * does: lines accumulate while kr_source_incomplete says the statement needs more (open
 * brackets, triple-quoted strings, compound statements until a blank line), then the whole
 * statement runs through kr_run_single, which echoes expression values and sets `_`.
 *
 * The loop is poll() on standard input and on the signal pipe of signals.c. Lines come
 * from line_reader.c; repl_feed_line is the only place statements are run, so a later
 * libuv loop can replace repl_run's poll() without touching the statement logic. */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "line_reader.h"
#include "repl.h"

#define PROMPT_FIRST ">>> "
#define PROMPT_MORE  "... "

typedef struct Repl {
    kr_interp *I;
    ReplSignals *sig;
    LineReader *reader;
    char *source; /* the statement typed so far, lines joined with '\n' */
    size_t len, cap;
    bool started; /* a line was typed since the last statement ran: "... " prompts */
    bool done;
    int status;
} Repl;

/* The backend named in the banner. The GPU layer will report its device here. */
static const char *repl_backend_name(void) {
    return "CPU";
}

static void repl_banner(void) {
    printf("krait %s [%s] on linux\n", KR_VERSION_STRING, repl_backend_name());
    printf("Type \"exit()\" or press Ctrl-D to leave.\n");
}

static const char *repl_prompt(Repl *r) {
    return r->started ? PROMPT_MORE : PROMPT_FIRST;
}

/* Lines are joined with '\n' and no newline after the last, the form
 * kr_source_incomplete reads: a blank line typed last then ends the text in '\n', which
 * closes a compound statement. */
static bool repl_append(Repl *r, const char *line) {
    size_t n = strlen(line);
    if (r->len + n + 3 > r->cap) {
        size_t cap = r->cap ? r->cap : 256;
        while (cap < r->len + n + 3)
            cap *= 2;
        char *s = realloc(r->source, cap);
        if (!s) return false;
        r->source = s;
        r->cap = cap;
    }
    if (r->len) r->source[r->len++] = '\n';
    memcpy(r->source + r->len, line, n);
    r->len += n;
    r->source[r->len] = '\0';
    r->started = true;
    return true;
}

static bool only_blank(const char *s) {
    for (; *s; s++) {
        if (*s == '#') {
            while (*s && *s != '\n')
                s++;
            if (!*s) break;
            continue;
        }
        if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r' && *s != '\f') return false;
    }
    return true;
}

static void repl_execute(Repl *r) {
    r->started = false;
    if (only_blank(r->source)) {
        r->len = 0;
        return;
    }
    r->source[r->len++] = '\n';
    r->source[r->len] = '\0';
    kr_interrupt_clear(r->I);
    repl_signals_set_running(r->sig, true);
    int rc = kr_run_single(r->I, r->source, "<stdin>");
    repl_signals_set_running(r->sig, false);
    r->len = 0;
    if (rc == KR_ERROR || rc == KR_LIMIT) {
        kr_print_error(r->I);
    } else if (rc == KR_EXIT) {
        r->status = kr_exit_code(r->I);
        r->done = true;
    } else if (rc == KR_NOMEM) {
        fflush(stdout);
        fputs("MemoryError\n", stderr);
    }
    fflush(stdout);
    fflush(stderr);
}

/* A blank line typed at "... " ends the statement unless a bracket or a triple-quoted string
 * is still open (CPython's interactive tokenizer): "if True:" then a blank line raises
 * IndentationError instead of prompting forever. The test: would a body line indented
 * deeper than any header make the text complete? Inside brackets or a string it would not. */
static bool repl_blank_ends(Repl *r) {
    static const char body[] = "\n                                        0\n\n";
    size_t n = strlen(r->source);
    char *probe = malloc(n + sizeof body);
    if (!probe) return false;
    memcpy(probe, r->source, n);
    memcpy(probe + n, body, sizeof body);
    bool ends = !kr_source_incomplete(probe);
    free(probe);
    return ends;
}

/* One typed line, or NULL for end of input. Runs the statement once it is complete. */
static void repl_feed_line(Repl *r, const char *line) {
    if (!line) {
        /* Ctrl-D: at "... " it ends the statement (CPython runs it); at ">>> " it leaves. */
        if (line_reader_is_readline(r->reader)) {
            fputs("\n", stdout);
            fflush(stdout);
        }
        if (r->started) {
            repl_execute(r);
            if (!r->done && line_reader_is_readline(r->reader)) return;
        }
        r->done = true;
        return;
    }
    if (!repl_append(r, line)) {
        fputs("krait: out of memory\n", stderr);
        r->len = 0;
        r->started = false;
        return;
    }
    if (!kr_source_incomplete(r->source)) {
        repl_execute(r);
    } else if (only_blank(line) && r->len > strlen(line) && repl_blank_ends(r)) {
        repl_execute(r); /* compiles, and raises what CPython raises there */
    }
}

/* Ctrl-C at the prompt: drop the partial statement as CPython does. */
static void repl_on_interrupt(Repl *r) {
    line_reader_cancel(r->reader);
    r->len = 0;
    r->started = false;
    fflush(stdout);
    fputs("\nKeyboardInterrupt\n", stderr);
    fflush(stderr);
}

/* One iteration of the event loop at the prompt (its timers are due or its fd is ready);
 * what the tasks print goes above the prompt, which is then shown again. */
static void repl_step_loop(Repl *r) {
    fflush(stdout);
    line_reader_hide(r->reader);
    repl_signals_set_running(r->sig, true);
    int rc = kr_loop_step(r->I);
    repl_signals_set_running(r->sig, false);
    if (rc == -KR_ERROR || rc == -KR_LIMIT || rc == -KR_NOMEM) {
        kr_print_error(r->I);
    } else if (rc == -KR_EXIT) {
        r->status = kr_exit_code(r->I);
        r->done = true;
    }
    fflush(stdout);
    fflush(stderr);
    if (!r->done) line_reader_show_again(r->reader);
}

int repl_run(kr_interp *I, ReplSignals *sig, const ReplOptions *opts) {
    bool tty = isatty(0) && isatty(1);
    Repl r = {.I = I, .sig = sig};
    r.reader = line_reader_new(I, tty, !tty);
    if (!r.reader) {
        fputs("krait: out of memory\n", stderr);
        return 1;
    }
    /* exit/quit with CPython's hint as their repr, copyright, credits, license */
    if (kr_run_string(I, "import _sitebuiltins\ndel _sitebuiltins\n", "<repl>") != KR_OK)
        kr_print_error(I);
    repl_signals_set_running(sig, false);
    if (opts && opts->banner) repl_banner();
    line_reader_prompt(r.reader, repl_prompt(&r));
    while (!r.done) {
        char *line;
        int k;
        while (!r.done && (k = line_reader_next(r.reader, &line)) != 0) {
            if (k < 0) {
                repl_feed_line(&r, NULL);
            } else {
                repl_feed_line(&r, line);
                free(line);
            }
            if (!r.done) line_reader_prompt(r.reader, repl_prompt(&r));
        }
        if (r.done) break;
        /* Once a statement has used asyncio, the loop runs at the prompt too: a task made
         * there goes on (and prints) while the user types. */
        int loop_fd = -1, wait_ms = -1;
        if (kr_loop_exists(I)) {
            loop_fd = kr_loop_fd(I);
            wait_ms = loop_fd >= 0 ? kr_loop_timeout(I) : -1;
        }
        struct pollfd fds[3] = {{.fd = 0, .events = POLLIN},
                                {.fd = repl_signals_fd(sig), .events = POLLIN},
                                {.fd = loop_fd, .events = POLLIN}};
        int n = poll(fds, 3, wait_ms);
        if (n < 0) {
            if (errno == EINTR) continue;
            break;
        }
        if (loop_fd >= 0 && (n == 0 || (fds[2].revents & POLLIN))) repl_step_loop(&r);
        if (fds[1].fd >= 0 && (fds[1].revents & POLLIN)) {
            int s;
            while ((s = repl_signals_take(sig)) != 0) {
                if (s == 'I') {
                    repl_on_interrupt(&r);
                    line_reader_prompt(r.reader, repl_prompt(&r));
                } else {
                    line_reader_resize(r.reader);
                }
            }
        }
        if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) line_reader_input(r.reader);
    }
    repl_signals_set_running(sig, true);
    line_reader_free(r.reader);
    free(r.source);
    fflush(stdout);
    return r.status;
}
