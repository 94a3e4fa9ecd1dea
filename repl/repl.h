/* repl.h: the interactive prompt of the `krait` command (repl/repl.c) and the SIGINT
 * forwarding that every mode of the command shares (repl/signals.c).
 *
 * The REPL is split so that an event loop can drive it: repl_feed_line takes one typed line
 * (from readline's callback interface or any other reader) and runs the statement once it
 * is complete; repl_prompt says which prompt to show next. repl_run is the stand-alone
 * driver: poll() on standard input and on the signal pipe. A later libuv loop can watch
 * the same two descriptors instead (repl_signals_fd). */
#ifndef KRAIT_REPL_H
#define KRAIT_REPL_H

#include <stdbool.h>

#include "krait.h"

/* ---- SIGINT and SIGWINCH forwarding (signals.c) ---- */

/* A thread that takes SIGINT and SIGWINCH for the whole process (they are blocked in every
 * other thread): while code runs it turns Ctrl-C into kr_interrupt; otherwise it writes one
 * byte to a pipe ('I' for SIGINT, 'W' for SIGWINCH) that the prompt's loop polls. No
 * handler runs on the interpreter's stack, so nothing here needs async-signal safety
 * beyond kr_interrupt's atomic store. */
typedef struct ReplSignals ReplSignals;

/* Start forwarding for I; NULL if the thread or the pipe cannot be made (Ctrl-C then keeps
 * its default action). */
ReplSignals *repl_signals_start(kr_interp *I);
/* Stop the thread and unblock the signals; s may be NULL. */
void repl_signals_stop(ReplSignals *s);
/* Mark code as running (Ctrl-C interrupts it) or not (Ctrl-C goes to the pipe). */
void repl_signals_set_running(ReplSignals *s, bool running);
/* The pipe's read end for poll(), or -1. */
int repl_signals_fd(ReplSignals *s);
/* Take one pending byte from the pipe: 'I', 'W', or 0 when none is pending. */
int repl_signals_take(ReplSignals *s);

/* ---- the REPL (repl.c) ---- */

typedef struct ReplOptions {
    bool banner; /* print the version banner first (not with -i FILE or -q) */
} ReplOptions;

/* Read statements from standard input until EOF, exit() or sys.exit(); returns the process
 * exit status. Uses GNU readline (line editing, history in ~/.krait_history or
 * $KRAIT_HISTFILE, tab completion) when stdin and stdout are terminals and krait was built
 * with it, a plain line reader otherwise. sig may be NULL. */
int repl_run(kr_interp *I, ReplSignals *sig, const ReplOptions *opts);

#endif
