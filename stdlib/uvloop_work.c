/* uvloop_work.c: C-level blocking work on libuv's thread pool, for asyncio's
 * run_in_executor / to_thread and its file helpers (docs/ASYNC.md). _uv.work(kind, ...)
 * queues one job and returns an id that _uv.run_once returns when the job is done;
 * _uv.work_result(id) then gives its result or raises its error.
 *
 * What may run off the loop thread: only this file's jobs, which touch no interpreter
 * state: a sleep, reading a whole file, writing a buffer to a file, and other natives' C
 * jobs (uvwork_submit_native: an NVRTC compile for ct.compile_async). Their inputs are
 * copied into malloc'd C buffers on the loop thread before queueing, the worker makes the
 * system calls and leaves a malloc'd result, and the after-work callback (loop thread)
 * records the id. Python code never runs on a pool thread (the interpreter is not
 * thread-safe): asyncio runs any other callable inline. The sandbox allows none of them.
 *
 * At shutdown (uvloop_shutdown) jobs still queued are cancelled, a running sleep ends at
 * its next 10 ms slice, and the results nobody collected are freed. */
#include "modules.h"

#ifdef KRAIT_HAVE_LIBUV

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <uv.h>

#include "builtins.h"
#include "os.h"
#include "uvloop.h"

enum { JOB_SLEEP, JOB_READ, JOB_WRITE, JOB_NATIVE };

typedef struct UvJob {
    uv_work_t req;
    struct UvJob *next; /* the interpreter's list of jobs not collected yet */
    Interp *I;
    int64_t id;
    int kind;
    bool done;
    double secs;
    char *path;
    unsigned char *data; /* write: the bytes; read: the result */
    size_t len;
    bool append;
    int err; /* errno of the failure, 0 */
    atomic_bool *cancel;
    UvJobRun run; /* JOB_NATIVE: another native's job (uvwork_submit_native) */
    UvJobFinish finish;
    UvJobDrop drop;
    void *ud;
} UvJob;

struct UvWork {
    UvJob *jobs;
    atomic_bool cancel; /* shutdown: running sleeps end */
};

static struct UvWork *work_state(Interp *I) {
    struct UvWork **w = uvloop_work_slot(I);
    if (!w) return NULL;
    if (!*w) {
        *w = mem_alloc(I, sizeof **w);
        if (!*w) return NULL;
        (*w)->jobs = NULL;
        atomic_init(&(*w)->cancel, false);
    }
    return *w;
}

/* ---- the worker side: system calls only ---- */

static void job_sleep(UvJob *j) {
    double left = j->secs;
    while (left > 0 && !atomic_load(j->cancel)) {
        double d = left < 0.01 ? left : 0.01;
        struct timespec ts = {(time_t)d, (long)((d - (double)(time_t)d) * 1e9)};
        nanosleep(&ts, NULL);
        left -= d;
    }
}

static void job_read(UvJob *j) {
    int fd = open(j->path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        j->err = errno;
        return;
    }
    struct stat st;
    size_t cap = fstat(fd, &st) == 0 && st.st_size > 0 ? (size_t)st.st_size + 1 : 4096;
    unsigned char *buf = malloc(cap);
    size_t n = 0;
    while (buf) {
        if (n == cap) {
            unsigned char *nb = realloc(buf, cap * 2);
            if (!nb) break;
            buf = nb;
            cap *= 2;
        }
        ssize_t r = read(fd, buf + n, cap - n);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) {
            j->err = errno;
            break;
        }
        if (r == 0) {
            close(fd);
            j->data = buf;
            j->len = n;
            return;
        }
        n += (size_t)r;
    }
    if (!buf || !j->err) j->err = ENOMEM;
    free(buf);
    close(fd);
}

static void job_write(UvJob *j) {
    int flags = O_WRONLY | O_CREAT | O_CLOEXEC | (j->append ? O_APPEND : O_TRUNC);
    int fd = open(j->path, flags, 0666);
    if (fd < 0) {
        j->err = errno;
        return;
    }
    size_t off = 0;
    while (off < j->len) {
        ssize_t w = write(fd, j->data + off, j->len - off);
        if (w < 0 && errno == EINTR) continue;
        if (w < 0) {
            j->err = errno;
            break;
        }
        off += (size_t)w;
    }
    if (close(fd) < 0 && !j->err) j->err = errno;
}

static void job_run(uv_work_t *req) {
    UvJob *j = (UvJob *)req;
    switch (j->kind) {
    case JOB_SLEEP: job_sleep(j); break;
    case JOB_READ: job_read(j); break;
    case JOB_NATIVE: j->run(j->ud); break;
    default: job_write(j); break;
    }
}

/* Loop thread. */
static void job_after(uv_work_t *req, int status) {
    UvJob *j = (UvJob *)req;
    j->done = true;
    if (status == UV_ECANCELED) j->err = ECANCELED;
    uvloop_deliver(j->I, j->id);
}

/* ---- the loop side ---- */

static void job_free(UvJob *j) {
    if (j->ud && j->drop) j->drop(j->ud);
    free(j->path);
    free(j->data);
    free(j);
}

/* Queues j (filled in) and files it; -1 after raising (j freed). */
static int64_t job_queue(Interp *I, struct UvWork *w, UvJob *j) {
    uv_loop_t *uv = uvloop_uv(I);
    if (!uv) return job_free(j), -1;
    j->id = uvloop_new_id(I);
    int r = uv_queue_work(uv, &j->req, job_run, job_after);
    if (r != 0) {
        job_free(j);
        err_format(I, TY_OS_ERROR, "work: libuv refused the job: %s", uv_strerror(r));
        return -1;
    }
    j->next = w->jobs;
    w->jobs = j;
    return j->id;
}

/* _uv.work("sleep", secs) / ("read", path) / ("write", path, data, append) -> id */
Value uvwork_submit_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "work", kw) || !arg_count(I, "work", argc, 2, 4)) return V_NULL;
    if (!is_str(I, argv[0])) return err_format(I, TY_TYPE_ERROR, "work: the kind must be a str");
    const char *k = as_str(argv[0])->data;
    int kind = strcmp(k, "sleep") == 0   ? JOB_SLEEP
               : strcmp(k, "read") == 0  ? JOB_READ
               : strcmp(k, "write") == 0 ? JOB_WRITE
                                         : -1;
    if (kind < 0) return err_format(I, TY_VALUE_ERROR, "work: no job kind '%s'", k);
    if (kind != JOB_SLEEP && I->sandbox)
        return err_format(I, TY_PERMISSION_ERROR, "files are not available in the sandbox");
    struct UvWork *w = work_state(I);
    if (!w) return V_NULL;
    UvJob *j = calloc(1, sizeof *j);
    if (!j) return err_format(I, TY_MEMORY_ERROR, "work: out of memory");
    j->I = I;
    j->kind = kind;
    j->cancel = &w->cancel;
    if (kind == JOB_SLEEP) {
        if (!num_to_double(I, argv[1], &j->secs)) return free(j), V_NULL;
        if (j->secs != j->secs)
            return free(j), err_format(I, TY_VALUE_ERROR, "Invalid value NaN (not a number)");
        if (j->secs < 0)
            return free(j), err_format(I, TY_VALUE_ERROR, "sleep length must be non-negative");
    } else {
        if (!is_str(I, argv[1])) {
            free(j);
            return err_format(I, TY_TYPE_ERROR, "work: the path must be a str, not %s",
                              type_name(I, argv[1]));
        }
        j->path = strdup(as_str(argv[1])->data);
        if (!j->path) return free(j), err_format(I, TY_MEMORY_ERROR, "work: out of memory");
        if (kind == JOB_WRITE) {
            if (argc < 3 || !is_obj(argv[2]) || as_obj(argv[2])->type->id != TY_BYTES) {
                job_free(j);
                return err_format(I, TY_TYPE_ERROR, "work: write needs bytes");
            }
            Bytes *b = (Bytes *)as_obj(argv[2]);
            j->len = b->len;
            j->data = malloc(b->len ? b->len : 1);
            if (!j->data) return job_free(j), err_format(I, TY_MEMORY_ERROR, "work: out of memory");
            memcpy(j->data, b->data, b->len);
            int ap = argc > 3 ? obj_truthy(I, argv[3]) : 0;
            if (ap < 0) return job_free(j), V_NULL;
            j->append = ap;
        }
    }
    int64_t id = job_queue(I, w, j);
    return id < 0 ? V_NULL : v_int(id);
}

int64_t uvwork_submit_native(Interp *I, UvJobRun run, UvJobFinish finish, UvJobDrop drop,
                             void *ud) {
    struct UvWork *w = work_state(I);
    UvJob *j = w ? calloc(1, sizeof *j) : NULL;
    if (!j) {
        drop(ud);
        if (w) err_format(I, TY_MEMORY_ERROR, "work: out of memory");
        return -1;
    }
    j->I = I;
    j->kind = JOB_NATIVE;
    j->cancel = &w->cancel;
    j->run = run;
    j->finish = finish;
    j->drop = drop;
    j->ud = ud;
    return job_queue(I, w, j);
}

/* _uv.work_result(id): the finished job's result (None, bytes, or the byte count written),
 * or its OSError. */
Value uvwork_result_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "work_result", kw) || !arg_count(I, "work_result", argc, 1, 1)) return V_NULL;
    int64_t id;
    if (obj_index(I, argv[0], &id) < 0) return V_NULL;
    struct UvWork *w = work_state(I);
    if (!w) return V_NULL;
    UvJob **pp = &w->jobs;
    while (*pp && !((*pp)->id == id && (*pp)->done))
        pp = &(*pp)->next;
    if (!*pp)
        return err_format(I, TY_VALUE_ERROR, "work_result: no finished job %lld", (long long)id);
    UvJob *j = *pp;
    *pp = j->next;
    Value out = V_NONE;
    if (j->err) {
        Value path = j->path ? v_obj(str_from_cstr(I, j->path)) : V_NULL;
        out = os_raise_errno(I, j->err, path, V_NULL);
    } else if (j->kind == JOB_READ) {
        Bytes *b = bytes_new(I, j->data, j->len);
        out = b ? v_obj(b) : V_NULL;
    } else if (j->kind == JOB_WRITE) {
        out = v_int((int64_t)j->len);
    } else if (j->kind == JOB_NATIVE) {
        void *ud = j->ud;
        j->ud = NULL; /* finish owns it */
        out = j->finish(I, ud);
    }
    job_free(j);
    return out;
}

void uvwork_cancel_all(Interp *I) {
    struct UvWork **slot = uvloop_work_slot(I);
    if (!slot || !*slot) return;
    atomic_store(&(*slot)->cancel, true);
    for (UvJob *j = (*slot)->jobs; j; j = j->next)
        if (!j->done) uv_cancel((uv_req_t *)&j->req);
}

void uvwork_free_all(Interp *I) {
    struct UvWork **slot = uvloop_work_slot(I);
    if (!slot || !*slot) return;
    for (UvJob *j = (*slot)->jobs, *n; j; j = n) {
        n = j->next;
        job_free(j);
    }
    mem_free(I, *slot, sizeof **slot);
    *slot = NULL;
}

#endif
