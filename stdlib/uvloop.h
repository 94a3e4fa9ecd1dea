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
/* How the loop waits for records it can poll (_uv.set_gpu_wait). */
enum { UVLOOP_WAIT_CALLBACK, UVLOOP_WAIT_SPIN, UVLOOP_WAIT_POLL };
/* 1: the work is finished (or failed: the waiter's synchronize raises), 0: pending. Runs on
 * the loop thread; it may call the driver. */
typedef int (*UvPollFn)(Interp *I, void *ud);
/* Lets the loop also poll the record (before handing it over): a record seen finished by
 * polling is delivered at once, and freed when the thread's firing arrives. release(ud)
 * runs on the loop thread when the record is freed. -1 after raising. */
int uvloop_completion_poll(Interp *I, struct UvCompletion *c, UvPollFn poll,
                           void (*release)(Interp *I, void *ud), void *ud);
/* No thread will fire this polled record: the loop frees it when polling finds it done. */
void uvloop_completion_keep(Interp *I, struct UvCompletion *c);
/* Hands a polled record to a thread that fires it (the driver's host callback): returns 0
 * once the firing is arranged, -1 (nothing raised) when it could not be. Runs on the loop
 * thread; the record counts as handed over while it runs. */
typedef int (*UvArmFn)(Interp *I, void *ud, struct UvCompletion *c);
/* Like keep, but before the loop sleeps in libuv with the record still pending (after the
 * spin, or when a host asks kr_loop_timeout) it calls arm, so that a short wait costs no
 * host callback and a long one no busy core. */
void uvloop_completion_lazy(Interp *I, struct UvCompletion *c, UvArmFn arm);
/* The loop's wait mode (UVLOOP_WAIT_*); UVLOOP_WAIT_SPIN before the loop exists. */
int uvloop_wait_mode(Interp *I);
/* Whether a sleeping loop is woken by GPU completions (not in "poll" mode). */
bool uvloop_wants_callback(Interp *I);
/* Frees a record that was never handed over (the hand-over failed). */
void uvloop_completion_discard(Interp *I, struct UvCompletion *c);
/* Any thread, once per record. */
void uvloop_completion_fire(void *record);

/* For uvloop_work.c (the thread-pool jobs): the loop's libuv loop (made if needed; NULL
 * after raising), a fresh completion id, delivering an id from a libuv callback on the loop
 * thread (run_once returns it), and the slot the jobs' state hangs off. */
struct UvWork;
struct uv_loop_s *uvloop_uv(Interp *I);
int64_t uvloop_new_id(Interp *I);
void uvloop_deliver(Interp *I, int64_t id);
struct UvWork **uvloop_work_slot(Interp *I);
/* For uvloop_stream.c (pipes, TCP, child processes): its state's slot, its functions added
 * to _uv, and the shutdown steps (close every handle before the last uv_run, free after). */
struct UvStreams;
struct UvStreams **uvloop_streams_slot(Interp *I);
int uvstream_add_functions(Interp *I, Module *m);
void uvstream_close_all(Interp *I);
void uvstream_free_all(Interp *I);
/* A C job of another native on libuv's thread pool: run(ud) on a pool thread (it must touch
 * no interpreter state), then _uv.work_result(id) calls finish(I, ud) on the loop thread,
 * which owns ud and gives the result (V_NULL after raising). drop(ud) frees a job that is
 * never finished (cancelled, or not collected by shutdown). The id goes into asyncio's
 * loop._jobs like _uv.work's; -1 after raising (ud dropped). */
typedef void (*UvJobRun)(void *ud);
typedef Value (*UvJobFinish)(Interp *I, void *ud);
typedef void (*UvJobDrop)(void *ud);
int64_t uvwork_submit_native(Interp *I, UvJobRun run, UvJobFinish finish, UvJobDrop drop, void *ud);
/* _uv.work / _uv.work_result, and the shutdown steps (before and after the last uv_run). */
Value uvwork_submit_fn(Interp *I, int argc, Value *argv, Tuple *kw);
Value uvwork_result_fn(Interp *I, int argc, Value *argv, Tuple *kw);
void uvwork_cancel_all(Interp *I);
void uvwork_free_all(Interp *I);

#endif
