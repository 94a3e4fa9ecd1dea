/* line_reader.h: where the REPL's lines come from (repl/line_reader.c): GNU readline's
 * callback ("alternate") interface when krait is built with readline and stdin/stdout are
 * terminals, a plain read() splitter otherwise. Neither ever blocks: the owner polls
 * standard input itself (poll() today, a libuv handle later) and calls line_reader_input
 * when it is readable, so the same loop can also watch signals and other events. */
#ifndef KRAIT_LINE_READER_H
#define KRAIT_LINE_READER_H

#include <stdbool.h>

#include "krait.h"

typedef struct LineReader LineReader;

/* A reader on standard input. With use_readline (and readline built in): line editing,
 * completion through kr_complete on I, and the history file $KRAIT_HISTFILE (unset:
 * ~/.krait_history; empty: no file) loaded now and saved by line_reader_free. The plain
 * reader writes its prompts to prompt_to_stderr ? stderr : stdout. NULL on OOM. */
LineReader *line_reader_new(kr_interp *I, bool use_readline, bool prompt_to_stderr);
/* Save the history and restore the terminal. */
void line_reader_free(LineReader *lr);
/* Whether readline drives this reader. */
bool line_reader_is_readline(LineReader *lr);
/* Show prompt and wait for a new line (before the next line_reader_input). */
void line_reader_prompt(LineReader *lr, const char *prompt);
/* Standard input is readable: consume what is there. */
void line_reader_input(LineReader *lr);
/* Take the next finished line: 1 with *line set (malloc'd, no newline; free it), -1 at end
 * of input, 0 when no line is ready yet. */
int line_reader_next(LineReader *lr, char **line);
/* Ctrl-C at the prompt: forget the partly typed line and leave the prompt (the caller
 * prints its message, then calls line_reader_prompt again). */
void line_reader_cancel(LineReader *lr);
/* Other output is about to be written while the prompt shows (a task of the event loop
 * printing): hide the prompt and the partly typed line; line_reader_show_again puts them
 * back below that output. */
void line_reader_hide(LineReader *lr);
void line_reader_show_again(LineReader *lr);
/* The terminal changed size (SIGWINCH). */
void line_reader_resize(LineReader *lr);

#endif
