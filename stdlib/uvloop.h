/* uvloop.h: completions on the interpreter's libuv loop (stdlib/uvloop.c), for natives that
 * hand work to another thread and want asyncio woken when it ends (gpu Stream.done()). Take
 * a record on the loop thread, give it to the other thread, which calls
 * uvloop_completion_fire(record) once (it may be a CUhostFn: it takes no lock and calls no
 * interpreter function); _uv.run_once then returns the record's id. With KRAIT_HAVE_LIBUV. */
#ifndef KRAIT_UVLOOP_H
#define KRAIT_UVLOOP_H

#include "../vm/interp.h"

#define UVLOOP_COMPLETION_BASE ((int64_t)1 << 40) /* ids below are timer slots */

struct UvCompletion;
/* A record and its id; NULL after raising. */
struct UvCompletion *uvloop_completion_new(Interp *I, int64_t *id);
/* Frees a record that was never handed over (the hand-over failed). */
void uvloop_completion_discard(Interp *I, struct UvCompletion *c);
/* Any thread, once per record. */
void uvloop_completion_fire(void *record);

#endif
