/* line_reader.c: the REPL's two line sources behind line_reader.h.
 *
 * readline: its callback interface (rl_callback_handler_install + rl_callback_read_char)
 * so the caller's loop decides when input is read. readline keeps its state in process
 * globals and its callbacks (the line handler, the completer) receive no user pointer, so
 * this file holds the one piece of mutable static state in krait: `reader_active`, the
 * reader those callbacks report to. Only one readline reader can exist per process, which
 * readline imposes anyway.
 *
 * plain: read() what standard input has and split it into lines; used when readline is
 * missing or stdin/stdout are not terminals (`krait -i FILE < input`). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef KRAIT_HAVE_READLINE
#include <readline/history.h>
#include <readline/readline.h>
#endif

#include "line_reader.h"

#define HISTORY_MAX 1000 /* lines kept in the history file */

struct LineReader {
    kr_interp *I;
    bool readline;
    FILE *prompt_out;
    /* finished lines not yet taken (readline gives one at a time; plain may give many) */
    char **ready;
    size_t nready, capready;
    bool eof;
    /* plain reader: bytes read but not yet split */
    char *pending;
    size_t npending, cappending;
    /* readline: history file, completion candidates of the current Tab press */
    char *histfile;
    char **cands;
    size_t ncands, capcands, nextcand;
};

static bool reader_push_line(LineReader *lr, char *line) {
    if (lr->nready == lr->capready) {
        size_t cap = lr->capready ? lr->capready * 2 : 8;
        char **n = realloc(lr->ready, cap * sizeof *n);
        if (!n) {
            free(line);
            return false;
        }
        lr->ready = n;
        lr->capready = cap;
    }
    lr->ready[lr->nready++] = line;
    return true;
}

int line_reader_next(LineReader *lr, char **line) {
    if (lr->nready > 0) {
        *line = lr->ready[0];
        memmove(lr->ready, lr->ready + 1, (lr->nready - 1) * sizeof *lr->ready);
        lr->nready--;
        return 1;
    }
    if (!lr->eof) return 0;
    /* readline reports Ctrl-D once: after "... " the prompt goes on. End of a plain
     * stream is final. */
    if (lr->readline) lr->eof = false;
    return -1;
}

bool line_reader_is_readline(LineReader *lr) {
    return lr->readline;
}

/* ---- plain reader ---------------------------------------------------------------- */

static void plain_input(LineReader *lr) {
    if (lr->cappending - lr->npending < 4096) {
        size_t cap = lr->cappending ? lr->cappending * 2 : 8192;
        char *n = realloc(lr->pending, cap);
        if (!n) {
            lr->eof = true;
            return;
        }
        lr->pending = n;
        lr->cappending = cap;
    }
    ssize_t got;
    do {
        got = read(0, lr->pending + lr->npending, lr->cappending - lr->npending);
    } while (got < 0 && errno == EINTR);
    if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
    if (got <= 0) {
        /* End of input: a last line without its newline still counts. On a terminal,
         * Ctrl-D after some typed text only flushes it, as with any canonical read. */
        if (lr->npending > 0) {
            char *line = strndup(lr->pending, lr->npending);
            lr->npending = 0;
            if (line) reader_push_line(lr, line);
        }
        lr->eof = true;
        return;
    }
    lr->npending += (size_t)got;
    size_t start = 0;
    for (size_t i = 0; i < lr->npending; i++) {
        if (lr->pending[i] != '\n') continue;
        char *line = strndup(lr->pending + start, i - start);
        if (!line || !reader_push_line(lr, line)) {
            lr->eof = true;
            return;
        }
        start = i + 1;
    }
    memmove(lr->pending, lr->pending + start, lr->npending - start);
    lr->npending -= start;
}

/* ---- readline ---------------------------------------------------------------------- */

#ifdef KRAIT_HAVE_READLINE

static LineReader *reader_active; /* see the file comment */

static void rl_line_done(char *line) {
    LineReader *lr = reader_active;
    /* Leave readline's prompt now: the statement runs with the terminal in its normal
     * mode, and line_reader_prompt installs the handler again with the next prompt. */
    rl_callback_handler_remove();
    if (!lr) {
        free(line);
        return;
    }
    if (!line) {
        lr->eof = true;
        return;
    }
    if (line[0]) {
        HIST_ENTRY *last =
            history_length > 0 ? history_get(history_base + history_length - 1) : NULL;
        if (!last || strcmp(last->line, line) != 0) add_history(line);
    }
    reader_push_line(lr, line);
}

static void rl_add_candidate(void *ud, const char *candidate) {
    LineReader *lr = ud;
    if (lr->ncands == lr->capcands) {
        size_t cap = lr->capcands ? lr->capcands * 2 : 64;
        char **n = realloc(lr->cands, cap * sizeof *n);
        if (!n) return;
        lr->cands = n;
        lr->capcands = cap;
    }
    char *copy = strdup(candidate);
    if (copy) lr->cands[lr->ncands++] = copy;
}

static void rl_clear_candidates(LineReader *lr) {
    for (size_t i = 0; i < lr->ncands; i++)
        free(lr->cands[i]);
    lr->ncands = lr->nextcand = 0;
}

static char *rl_candidate(const char *text, int state) {
    LineReader *lr = reader_active;
    if (!lr) return NULL;
    if (state == 0) {
        rl_clear_candidates(lr);
        kr_complete(lr->I, text, rl_add_candidate, lr);
    }
    if (lr->nextcand < lr->ncands) return strdup(lr->cands[lr->nextcand++]);
    return NULL;
}

static char **rl_attempt_completion(const char *text, int start, int end) {
    (void)start;
    (void)end;
    rl_attempted_completion_over = 1; /* never fall back to file names */
    rl_completion_append_character = '\0';
    if (!text[0]) {
        /* As CPython's rlcompleter: Tab on an empty word indents. */
        rl_insert_text("\t");
        return NULL;
    }
    return rl_completion_matches(text, rl_candidate);
}

static char *history_path(void) {
    const char *env = getenv("KRAIT_HISTFILE");
    if (env) return env[0] ? strdup(env) : NULL;
    const char *home = getenv("HOME");
    if (!home || !home[0]) return NULL;
    size_t n = strlen(home) + sizeof "/.krait_history";
    char *p = malloc(n);
    if (p) snprintf(p, n, "%s/.krait_history", home);
    return p;
}

static void rl_setup(LineReader *lr) {
    reader_active = lr;
    rl_readline_name = "krait";
    rl_catch_signals = 0; /* signals.c owns SIGINT and SIGWINCH */
    rl_catch_sigwinch = 0;
    rl_instream = stdin;
    rl_outstream = stdout;
    /* As CPython: a bracketed paste would hand several statements over as one line, which
     * the REPL cannot split; without it pasted lines arrive one by one. After the inputrc
     * (rl_initialize reads it), which would turn it back on. */
    rl_initialize();
    rl_variable_bind("enable-bracketed-paste", "off");
    /* CPython's readline module's delimiters: '.' is not one, so "math.sq" is one word. */
    rl_completer_word_break_characters = " \t\n`~!@#$%^&*()-=+[{]}\\|;:'\",<>/?";
    rl_attempted_completion_function = rl_attempt_completion;
    using_history();
    lr->histfile = history_path();
    if (lr->histfile) read_history(lr->histfile);
}

static void rl_teardown(LineReader *lr) {
    rl_callback_handler_remove();
    if (lr->histfile) {
        if (write_history(lr->histfile) == 0) history_truncate_file(lr->histfile, HISTORY_MAX);
        free(lr->histfile);
    }
    rl_clear_candidates(lr);
    free(lr->cands);
    if (reader_active == lr) reader_active = NULL;
}

#endif /* KRAIT_HAVE_READLINE */

/* ---- the interface ------------------------------------------------------------------ */

LineReader *line_reader_new(kr_interp *I, bool use_readline, bool prompt_to_stderr) {
    LineReader *lr = calloc(1, sizeof *lr);
    if (!lr) return NULL;
    lr->I = I;
    lr->prompt_out = prompt_to_stderr ? stderr : stdout;
#ifdef KRAIT_HAVE_READLINE
    if (use_readline) {
        lr->readline = true;
        rl_setup(lr);
    }
#else
    (void)use_readline;
#endif
    return lr;
}

void line_reader_free(LineReader *lr) {
    if (!lr) return;
#ifdef KRAIT_HAVE_READLINE
    if (lr->readline) rl_teardown(lr);
#endif
    for (size_t i = 0; i < lr->nready; i++)
        free(lr->ready[i]);
    free(lr->ready);
    free(lr->pending);
    free(lr);
}

void line_reader_prompt(LineReader *lr, const char *prompt) {
    fflush(stdout);
    fflush(stderr);
#ifdef KRAIT_HAVE_READLINE
    if (lr->readline) {
        rl_callback_handler_install(prompt, rl_line_done);
        return;
    }
#endif
    fputs(prompt, lr->prompt_out);
    fflush(lr->prompt_out);
}

void line_reader_input(LineReader *lr) {
#ifdef KRAIT_HAVE_READLINE
    if (lr->readline) {
        rl_callback_read_char();
        return;
    }
#endif
    plain_input(lr);
}

void line_reader_cancel(LineReader *lr) {
#ifdef KRAIT_HAVE_READLINE
    if (lr->readline) {
        rl_free_line_state();
        rl_callback_sigcleanup();
        rl_replace_line("", 0);
        rl_point = rl_end = rl_mark = 0;
        rl_callback_handler_remove();
        return;
    }
#endif
    /* The terminal's own line discipline already dropped what was typed. */
    lr->npending = 0;
}

void line_reader_hide(LineReader *lr) {
#ifdef KRAIT_HAVE_READLINE
    if (lr->readline) {
        rl_clear_visible_line();
        fflush(rl_outstream);
    }
#else
    (void)lr;
#endif
}

void line_reader_show_again(LineReader *lr) {
#ifdef KRAIT_HAVE_READLINE
    if (lr->readline) {
        rl_on_new_line();
        rl_redisplay();
    }
#else
    (void)lr;
#endif
}

void line_reader_resize(LineReader *lr) {
#ifdef KRAIT_HAVE_READLINE
    if (lr->readline) rl_resize_terminal();
#else
    (void)lr;
#endif
}
