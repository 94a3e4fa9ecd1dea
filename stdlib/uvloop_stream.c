/* uvloop_stream.c: pipes, TCP connections, TCP servers and child processes on the
 * interpreter's libuv loop, the native half of asyncio's streams and subprocesses
 * (stdlib/py/asyncio__streams.py, asyncio__subprocess.py; docs/ASYNC.md).
 *
 * Every handle has one id (from STREAM_ID_BASE up, never reused), which _uv.run_once
 * returns whenever something happened to the handle (data or EOF read, a write finished,
 * a connection made or refused, a client waiting to be accepted, the process exited); the
 * id is delivered once until the Python side asks what happened (stream_poll, accept,
 * proc_status). Callbacks only buffer and record, as everywhere in _uv: no Python code runs
 * inside libuv. A handle lives until the Python side closes it (_uv.close) and libuv's close
 * callback runs; uvloop_shutdown closes the rest.
 *
 * Reading is started and stopped by the Python side (its flow control); the bytes read are
 * kept in malloc'd chunks until stream_poll hands them over as one bytes object. Writes are
 * tried at once (uv_try_write) and the rest is copied into a write request. Closing a stream
 * with writes pending shuts it down first, so what was written is flushed before the close.
 *
 * A child's pipes are made here (uv_pipe), the child's ends passed as inherited fds, which
 * also gives stderr=STDOUT its meaning (the child's stderr is its stdout's fd). The sandbox
 * allows none of this. */
#include "modules.h"

#ifdef KRAIT_HAVE_LIBUV

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <uv.h>

#include "builtins.h"
#include "os.h"
#include "uvloop.h"

#define STREAM_ID_BASE ((int64_t)1 << 50)
#define READ_CHUNK     65536

enum { H_PIPE, H_TCP, H_SERVER, H_PROC };
enum { ST_CONNECTING, ST_OPEN, ST_CLOSING };

typedef struct Chunk {
    struct Chunk *next;
    size_t len;
    unsigned char data[];
} Chunk;

typedef struct UvHandle {
    union {
        uv_handle_t h;
        uv_stream_t s;
        uv_pipe_t pipe;
        uv_tcp_t tcp;
        uv_process_t proc;
    } u;
    Interp *I;
    int64_t id;
    int kind, state;
    bool notified;      /* the id went out and nobody asked yet */
    bool eof, exited;   /* read side ended; the process exited */
    int err;            /* errno of a failed read, write or connect; 0 */
    Chunk *head, *tail; /* bytes read, not handed over yet */
    int64_t returncode; /* H_PROC, once exited */
    int pending;        /* H_SERVER: connections to accept */
    bool close_on_shut; /* close once the shutdown's flush ends */
    bool shut;          /* a shutdown was requested */
    uv_connect_t connect;
    uv_shutdown_t shutdown;
} UvHandle;

struct UvStreams {
    UvHandle **slots; /* by id - STREAM_ID_BASE; NULL once freed */
    size_t n, cap;
};

typedef struct WriteReq {
    uv_write_t req;
    UvHandle *h;
    size_t len;
    unsigned char data[];
} WriteReq;

static struct UvStreams *streams_state(Interp *I) {
    struct UvStreams **s = uvloop_streams_slot(I);
    if (!s) return NULL;
    if (!*s) {
        *s = mem_alloc(I, sizeof **s);
        if (!*s) return NULL;
        memset(*s, 0, sizeof **s);
    }
    return *s;
}

static void notify(UvHandle *h) {
    if (h->notified) return;
    h->notified = true;
    uvloop_deliver(h->I, h->id);
}

static UvHandle *handle_new(Interp *I, int kind) {
    struct UvStreams *S = streams_state(I);
    if (!S) return NULL;
    if (S->n == S->cap) {
        size_t cap = S->cap ? S->cap * 2 : 16;
        UvHandle **p = mem_realloc(I, S->slots, S->cap * sizeof *p, cap * sizeof *p);
        if (!p) return NULL;
        S->slots = p;
        S->cap = cap;
    }
    UvHandle *h = mem_alloc(I, sizeof *h);
    if (!h) return NULL;
    memset(h, 0, sizeof *h);
    h->I = I;
    h->kind = kind;
    h->id = STREAM_ID_BASE + (int64_t)S->n;
    h->u.h.data = h;
    S->slots[S->n++] = h;
    return h;
}

/* A handle that was never initialised in libuv (its init failed): freed at once. */
static void handle_drop(Interp *I, UvHandle *h) {
    struct UvStreams *S = *uvloop_streams_slot(I);
    S->slots[h->id - STREAM_ID_BASE] = NULL;
    mem_free(I, h, sizeof *h);
}

static void chunks_free(UvHandle *h) {
    for (Chunk *c = h->head, *n; c; c = n) {
        n = c->next;
        free(c);
    }
    h->head = h->tail = NULL;
}

static void on_close(uv_handle_t *uh) {
    UvHandle *h = uh->data;
    Interp *I = h->I;
    chunks_free(h);
    struct UvStreams **S = uvloop_streams_slot(I);
    if (S && *S) (*S)->slots[h->id - STREAM_ID_BASE] = NULL;
    mem_free(I, h, sizeof *h);
}

static void handle_close(UvHandle *h) {
    if (h->state == ST_CLOSING) return;
    h->state = ST_CLOSING;
    uv_close(&h->u.h, on_close);
}

/* The live handle of id, or NULL after raising. */
static UvHandle *handle_arg(Interp *I, Value v, const char *fname) {
    int64_t id;
    if (obj_index(I, v, &id) < 0) return NULL;
    struct UvStreams **S = uvloop_streams_slot(I);
    int64_t i = id - STREAM_ID_BASE;
    UvHandle *h = S && *S && i >= 0 && (size_t)i < (*S)->n ? (*S)->slots[i] : NULL;
    if (!h) err_format(I, TY_VALUE_ERROR, "%s: no open handle %lld", fname, (long long)id);
    return h;
}

static bool sandbox_refuses(Interp *I, const char *what) {
    if (!I->sandbox) return false;
    err_format(I, TY_PERMISSION_ERROR, "%s are not available in the sandbox", what);
    return true;
}

static Value raise_uv(Interp *I, int r, Value filename) {
    return os_raise_errno(I, -r, filename, V_NULL);
}

/* ---- reading ---- */

static void on_alloc(uv_handle_t *uh, size_t suggested, uv_buf_t *buf) {
    (void)uh, (void)suggested;
    Chunk *c = malloc(sizeof *c + READ_CHUNK);
    *buf = uv_buf_init(c ? (char *)c->data : NULL, c ? READ_CHUNK : 0);
}

static void on_read(uv_stream_t *s, ssize_t nread, const uv_buf_t *buf) {
    UvHandle *h = s->data;
    Chunk *c = buf->base ? (Chunk *)(buf->base - offsetof(Chunk, data)) : NULL;
    if (nread > 0 && c) {
        if (nread < READ_CHUNK / 4) { /* a small read keeps a small chunk */
            Chunk *small = realloc(c, sizeof *c + (size_t)nread);
            if (small) c = small;
        }
        c->len = (size_t)nread;
        c->next = NULL;
        if (h->tail)
            h->tail->next = c;
        else
            h->head = c;
        h->tail = c;
        notify(h);
        return;
    }
    free(c);
    if (nread == 0) return; /* EAGAIN */
    if (nread == UV_EOF) {
        h->eof = true;
    } else {
        h->err = nread == UV_ENOBUFS ? ENOMEM : (int)-nread;
        h->eof = true;
    }
    uv_read_stop(s);
    notify(h);
}

/* _uv.read_start(id) / read_stop(id): the Python side's flow control. */
static Value uvs_read_start_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "read_start", kw) || !arg_count(I, "read_start", argc, 1, 1)) return V_NULL;
    UvHandle *h = handle_arg(I, argv[0], "read_start");
    if (!h) return V_NULL;
    if (h->state == ST_OPEN && !h->eof && h->kind != H_SERVER && h->kind != H_PROC) {
        int r = uv_read_start(&h->u.s, on_alloc, on_read);
        if (r < 0 && r != UV_EALREADY) return raise_uv(I, r, V_NULL);
    }
    return V_NONE;
}

static Value uvs_read_stop_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "read_stop", kw) || !arg_count(I, "read_stop", argc, 1, 1)) return V_NULL;
    UvHandle *h = handle_arg(I, argv[0], "read_stop");
    if (!h) return V_NULL;
    if (h->state == ST_OPEN && h->kind != H_SERVER && h->kind != H_PROC) uv_read_stop(&h->u.s);
    return V_NONE;
}

/* _uv.stream_poll(id) -> (connected, data, eof, errno, write_queue_bytes): what happened
 * since the last poll (the bytes read, as one bytes object; an error is reported once). */
static Value uvs_poll_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "stream_poll", kw) || !arg_count(I, "stream_poll", argc, 1, 1)) return V_NULL;
    UvHandle *h = handle_arg(I, argv[0], "stream_poll");
    if (!h) return V_NULL;
    h->notified = false;
    size_t n = 0;
    for (Chunk *c = h->head; c; c = c->next)
        n += c->len;
    Bytes *b;
    if (h->head && !h->head->next) {
        b = bytes_new(I, h->head->data, h->head->len);
    } else {
        unsigned char *all = malloc(n ? n : 1);
        if (!all) return err_format(I, TY_MEMORY_ERROR, "stream_poll: out of memory");
        size_t off = 0;
        for (Chunk *c = h->head; c; c = c->next) {
            memcpy(all + off, c->data, c->len);
            off += c->len;
        }
        b = bytes_new(I, all, n);
        free(all);
    }
    if (!b || !gc_temp_push(I, v_obj(b))) return V_NULL;
    chunks_free(h);
    size_t wq = h->state == ST_CLOSING ? 0 : uv_stream_get_write_queue_size(&h->u.s);
    Value items[5] = {v_bool(h->state != ST_CONNECTING), v_obj(b), v_bool(h->eof), v_int(h->err),
                      v_int((int64_t)wq)};
    h->err = 0;
    Tuple *t = tuple_from_array(I, items, 5);
    return t ? v_obj(t) : V_NULL;
}

/* ---- writing, shutting down, closing ---- */

static void on_write(uv_write_t *req, int status) {
    WriteReq *w = (WriteReq *)req;
    UvHandle *h = w->h;
    free(w);
    if (status < 0 && status != UV_ECANCELED && !h->err) h->err = -status;
    if (h->state != ST_CLOSING) notify(h);
}

/* _uv.write(id, data) -> bytes still queued (the drain's measure). */
static Value uvs_write_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "write", kw) || !arg_count(I, "write", argc, 2, 2)) return V_NULL;
    UvHandle *h = handle_arg(I, argv[0], "write");
    if (!h) return V_NULL;
    if (!is_obj(argv[1]) || as_obj(argv[1])->type->id != TY_BYTES)
        return err_format(I, TY_TYPE_ERROR, "write: data must be bytes");
    if (h->state != ST_OPEN || h->kind == H_SERVER || h->kind == H_PROC || h->shut)
        return err_format(I, TY_RUNTIME_ERROR, "write: the stream is not open for writing");
    Bytes *b = (Bytes *)as_obj(argv[1]);
    size_t off = 0;
    if (uv_stream_get_write_queue_size(&h->u.s) == 0 && b->len) {
        uv_buf_t buf = uv_buf_init((char *)b->data, (unsigned)b->len);
        int r = uv_try_write(&h->u.s, &buf, 1);
        if (r >= 0) {
            off = (size_t)r;
        } else if (r != UV_EAGAIN && r != UV_ENOSYS) {
            if (!h->err) h->err = -r; /* the Python side raises it from stream_poll */
            notify(h);
            return v_int(0);
        }
    }
    if (off < b->len) {
        size_t len = b->len - off;
        WriteReq *w = malloc(sizeof *w + len);
        if (!w) return err_format(I, TY_MEMORY_ERROR, "write: out of memory");
        w->h = h;
        w->len = len;
        memcpy(w->data, b->data + off, len);
        uv_buf_t buf = uv_buf_init((char *)w->data, (unsigned)len);
        int r = uv_write(&w->req, &h->u.s, &buf, 1, on_write);
        if (r < 0) {
            free(w);
            if (!h->err) h->err = -r;
            notify(h);
        }
    }
    return v_int((int64_t)uv_stream_get_write_queue_size(&h->u.s));
}

static void on_shutdown(uv_shutdown_t *req, int status) {
    UvHandle *h = req->data;
    if (status < 0 && status != UV_ECANCELED && status != UV_ENOTCONN && !h->err) h->err = -status;
    if (h->close_on_shut)
        handle_close(h);
    else if (h->state != ST_CLOSING)
        notify(h);
}

static int start_shutdown(UvHandle *h) {
    h->shut = true;
    h->shutdown.data = h;
    return uv_shutdown(&h->shutdown, &h->u.s, on_shutdown);
}

/* _uv.shutdown(id): write EOF once the queued writes are flushed (write_eof). */
static Value uvs_shutdown_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "shutdown", kw) || !arg_count(I, "shutdown", argc, 1, 1)) return V_NULL;
    UvHandle *h = handle_arg(I, argv[0], "shutdown");
    if (!h) return V_NULL;
    if (h->state != ST_OPEN || h->shut || h->kind == H_SERVER || h->kind == H_PROC) return V_NONE;
    int r = start_shutdown(h);
    return r < 0 && r != UV_ENOTCONN ? raise_uv(I, r, V_NULL) : V_NONE;
}

/* _uv.close(id): the handle is done with; queued writes are flushed first. */
static Value uvs_close_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "close", kw) || !arg_count(I, "close", argc, 1, 1)) return V_NULL;
    UvHandle *h = handle_arg(I, argv[0], "close");
    if (!h) return V_NULL;
    if (h->state == ST_CLOSING) return V_NONE;
    bool stream = h->kind == H_PIPE || h->kind == H_TCP;
    if (stream && h->state == ST_OPEN) uv_read_stop(&h->u.s);
    if (stream && h->state == ST_OPEN && uv_stream_get_write_queue_size(&h->u.s) > 0) {
        h->close_on_shut = true;
        if (h->shut || start_shutdown(h) == 0) return V_NONE;
    }
    handle_close(h);
    return V_NONE;
}

/* ---- TCP ---- */

/* host:port as a socket address: numeric IPv4/IPv6, or a name resolved now (synchronously,
 * uv_getaddrinfo without a callback: loopback names resolve at once). */
static bool tcp_addr(Interp *I, Value host, Value port, struct sockaddr_storage *out) {
    int64_t p;
    if (obj_index(I, port, &p) < 0) return false;
    if (p < 0 || p > 65535) {
        err_format(I, TY_OVERFLOW_ERROR, "port must be 0-65535.");
        return false;
    }
    const char *name = is_none(host) ? "0.0.0.0" : is_str(I, host) ? as_str(host)->data : NULL;
    if (!name) {
        err_format(I, TY_TYPE_ERROR, "host must be a str or None, not %s", type_name(I, host));
        return false;
    }
    memset(out, 0, sizeof *out);
    if (uv_ip4_addr(name, (int)p, (struct sockaddr_in *)out) == 0) return true;
    if (uv_ip6_addr(name, (int)p, (struct sockaddr_in6 *)out) == 0) return true;
    uv_getaddrinfo_t req;
    struct addrinfo hints;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    int r = uv_getaddrinfo(uvloop_uv(I), &req, NULL, name, NULL, &hints);
    if (r < 0 || !req.addrinfo) {
        err_format(I, TY_OS_ERROR, "[Errno %d] %s: '%s'", r, uv_strerror(r), name);
        return false;
    }
    memcpy(out, req.addrinfo->ai_addr, req.addrinfo->ai_addrlen);
    uv_freeaddrinfo(req.addrinfo);
    if (out->ss_family == AF_INET)
        ((struct sockaddr_in *)out)->sin_port = htons((uint16_t)p);
    else
        ((struct sockaddr_in6 *)out)->sin6_port = htons((uint16_t)p);
    return true;
}

/* (host, port) of a socket address; IPv6 as CPython's 4-tuple (host, port, flowinfo, scope). */
static Value addr_value(Interp *I, const struct sockaddr_storage *a) {
    char host[64] = "";
    if (a->ss_family == AF_INET6) {
        const struct sockaddr_in6 *s6 = (const struct sockaddr_in6 *)a;
        uv_ip6_name(s6, host, sizeof host);
        Str *h = str_from_cstr(I, host);
        if (!h || !gc_temp_push(I, v_obj(h))) return V_NULL;
        Value items[4] = {v_obj(h), v_int(ntohs(s6->sin6_port)), v_int(ntohl(s6->sin6_flowinfo)),
                          v_int(s6->sin6_scope_id)};
        Tuple *t = tuple_from_array(I, items, 4);
        return t ? v_obj(t) : V_NULL;
    }
    const struct sockaddr_in *s4 = (const struct sockaddr_in *)a;
    uv_ip4_name(s4, host, sizeof host);
    Str *h = str_from_cstr(I, host);
    if (!h || !gc_temp_push(I, v_obj(h))) return V_NULL;
    Value items[2] = {v_obj(h), v_int(ntohs(s4->sin_port))};
    Tuple *t = tuple_from_array(I, items, 2);
    return t ? v_obj(t) : V_NULL;
}

static void on_connect(uv_connect_t *req, int status) {
    UvHandle *h = req->data;
    if (h->state == ST_CLOSING) return;
    if (status < 0) {
        h->err = -status;
        h->eof = true;
    }
    h->state = ST_OPEN;
    notify(h);
}

/* _uv.tcp_connect(host, port) -> id; delivered once connected or refused (stream_poll). */
static Value uvs_tcp_connect_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "tcp_connect", kw) || !arg_count(I, "tcp_connect", argc, 2, 2)) return V_NULL;
    if (sandbox_refuses(I, "network connections")) return V_NULL;
    struct sockaddr_storage addr;
    uv_loop_t *uv = uvloop_uv(I);
    if (!uv || !tcp_addr(I, argv[0], argv[1], &addr)) return V_NULL;
    UvHandle *h = handle_new(I, H_TCP);
    if (!h) return V_NULL;
    int r = uv_tcp_init(uv, &h->u.tcp);
    if (r < 0) {
        handle_drop(I, h);
        return raise_uv(I, r, V_NULL);
    }
    h->state = ST_CONNECTING;
    h->connect.data = h;
    r = uv_tcp_connect(&h->connect, &h->u.tcp, (const struct sockaddr *)&addr, on_connect);
    if (r < 0) {
        h->err = -r;
        h->eof = true;
        h->state = ST_OPEN;
        notify(h);
    }
    return v_int(h->id);
}

static void on_connection(uv_stream_t *server, int status) {
    UvHandle *h = server->data;
    if (status < 0) {
        if (!h->err) h->err = -status;
    } else {
        h->pending++;
    }
    notify(h);
}

/* _uv.tcp_listen(host, port, backlog) -> (id, sockname); delivered when a client waits. */
static Value uvs_tcp_listen_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "tcp_listen", kw) || !arg_count(I, "tcp_listen", argc, 3, 3)) return V_NULL;
    if (sandbox_refuses(I, "network servers")) return V_NULL;
    struct sockaddr_storage addr;
    int64_t backlog;
    uv_loop_t *uv = uvloop_uv(I);
    if (!uv || !tcp_addr(I, argv[0], argv[1], &addr) || obj_index(I, argv[2], &backlog) < 0)
        return V_NULL;
    UvHandle *h = handle_new(I, H_SERVER);
    if (!h) return V_NULL;
    int r = uv_tcp_init(uv, &h->u.tcp);
    if (r < 0) {
        handle_drop(I, h);
        return raise_uv(I, r, V_NULL);
    }
    h->state = ST_OPEN;
    r = uv_tcp_bind(&h->u.tcp, (const struct sockaddr *)&addr, 0);
    if (r == 0)
        r = uv_listen(&h->u.s,
                      backlog < 1       ? 1
                      : backlog > 65535 ? 65535
                                        : (int)backlog,
                      on_connection);
    if (r < 0) { /* asyncio words it as CPython does, with the address */
        handle_close(h);
        return raise_uv(I, r, V_NULL);
    }
    struct sockaddr_storage bound;
    int len = sizeof bound;
    uv_tcp_getsockname(&h->u.tcp, (struct sockaddr *)&bound, &len);
    Value where = addr_value(I, &bound);
    if (is_null(where)) return V_NULL;
    Value items[2] = {v_int(h->id), where};
    Tuple *t = tuple_from_array(I, items, 2);
    return t ? v_obj(t) : V_NULL;
}

/* _uv.accept(id) -> the id of a connected client, None when none waits; an error of the
 * listening socket raises. */
static Value uvs_accept_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "accept", kw) || !arg_count(I, "accept", argc, 1, 1)) return V_NULL;
    UvHandle *srv = handle_arg(I, argv[0], "accept");
    if (!srv) return V_NULL;
    srv->notified = false;
    if (srv->kind != H_SERVER) return err_format(I, TY_VALUE_ERROR, "accept: not a server");
    if (srv->err) {
        int e = srv->err;
        srv->err = 0;
        return os_raise_errno(I, e, V_NULL, V_NULL);
    }
    if (!srv->pending || srv->state != ST_OPEN) return V_NONE;
    UvHandle *h = handle_new(I, H_TCP);
    if (!h) return V_NULL;
    int r = uv_tcp_init(uvloop_uv(I), &h->u.tcp);
    if (r < 0) {
        handle_drop(I, h);
        return raise_uv(I, r, V_NULL);
    }
    h->state = ST_OPEN;
    srv->pending--;
    r = uv_accept(&srv->u.s, &h->u.s);
    if (r < 0) {
        handle_close(h);
        return raise_uv(I, r, V_NULL);
    }
    return v_int(h->id);
}

/* _uv.sockname(id) / peername(id) -> (host, port) */
static Value sock_name(Interp *I, int argc, Value *argv, Tuple *kw, bool peer) {
    const char *fname = peer ? "peername" : "sockname";
    if (!arg_no_kw(I, fname, kw) || !arg_count(I, fname, argc, 1, 1)) return V_NULL;
    UvHandle *h = handle_arg(I, argv[0], fname);
    if (!h) return V_NULL;
    if (h->kind != H_TCP && h->kind != H_SERVER) return V_NONE;
    struct sockaddr_storage a;
    int len = sizeof a;
    int r = peer ? uv_tcp_getpeername(&h->u.tcp, (struct sockaddr *)&a, &len)
                 : uv_tcp_getsockname(&h->u.tcp, (struct sockaddr *)&a, &len);
    return r < 0 ? V_NONE : addr_value(I, &a);
}
static Value uvs_sockname_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    return sock_name(I, argc, argv, kw, false);
}
static Value uvs_peername_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    return sock_name(I, argc, argv, kw, true);
}

/* ---- child processes ---- */

static void on_proc_exit(uv_process_t *p, int64_t status, int term_signal) {
    UvHandle *h = p->data;
    h->exited = true;
    h->returncode = term_signal ? -term_signal : status;
    notify(h);
}

/* A NULL-terminated copy of a list of str, or NULL after raising (*out NULL for None). */
static bool str_vector(Interp *I, Value v, const char *what, char ***out, size_t *n) {
    *out = NULL;
    *n = 0;
    if (is_none(v)) return true;
    if (!is_obj(v) || as_obj(v)->type->id != TY_LIST) {
        err_format(I, TY_TYPE_ERROR, "spawn: %s must be a list", what);
        return false;
    }
    List *l = as_list(v);
    char **vec = calloc(l->len + 1, sizeof *vec);
    if (!vec) return err_format(I, TY_MEMORY_ERROR, "spawn: out of memory"), false;
    for (size_t i = 0; i < l->len; i++) {
        if (!is_str(I, l->items[i])) {
            err_format(I, TY_TYPE_ERROR, "expected str, bytes or os.PathLike object, not %s",
                       type_name(I, l->items[i]));
        } else if (memchr(as_str(l->items[i])->data, 0, as_str(l->items[i])->len)) {
            err_format(I, TY_VALUE_ERROR, "embedded null byte");
        } else if (!(vec[i] = strdup(as_str(l->items[i])->data))) {
            err_format(I, TY_MEMORY_ERROR, "spawn: out of memory");
        } else {
            continue;
        }
        for (size_t j = 0; j < i; j++)
            free(vec[j]);
        free(vec);
        return false;
    }
    *out = vec;
    *n = l->len;
    return true;
}

static void vector_free(char **v, size_t n) {
    for (size_t i = 0; v && i < n; i++)
        free(v[i]);
    free(v);
}

enum { IO_INHERIT = -1, IO_PIPE = -2, IO_DEVNULL = -3, IO_STDOUT = -4 };

/* _uv.spawn(args, cwd, env, stdin, stdout, stderr) -> (id, pid, stdin_id, stdout_id,
 * stderr_id): each of stdin/stdout/stderr is a file descriptor or IO_* (-1 inherit, -2 a
 * pipe, whose id is returned, -3 /dev/null, -4 for stderr: the child's stdout); env a list
 * of "K=V" or None (the parent's environment). The id is delivered when the child exits. */
static Value uvs_spawn_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "spawn", kw) || !arg_count(I, "spawn", argc, 6, 6)) return V_NULL;
    if (sandbox_refuses(I, "subprocesses")) return V_NULL;
    uv_loop_t *uv = uvloop_uv(I);
    if (!uv) return V_NULL;
    int64_t io[3];
    for (int i = 0; i < 3; i++) {
        if (obj_index(I, argv[3 + i], &io[i]) < 0) return V_NULL;
        if (io[i] < IO_STDOUT || (io[i] == IO_STDOUT && i != 2) || io[i] > 0x7fffffff)
            return err_format(I, TY_VALUE_ERROR, "spawn: bad file descriptor %lld",
                              (long long)io[i]);
    }
    if (!is_none(argv[1]) && !is_str(I, argv[1]))
        return err_format(I, TY_TYPE_ERROR, "spawn: cwd must be a str or None");
    char **args, **env;
    size_t nargs, nenv;
    if (!str_vector(I, argv[0], "args", &args, &nargs)) return V_NULL;
    if (!args || nargs == 0) {
        vector_free(args, nargs);
        return err_format(I, TY_VALUE_ERROR, "spawn: args must not be empty");
    }
    if (!str_vector(I, argv[2], "env", &env, &nenv)) return vector_free(args, nargs), V_NULL;

    UvHandle *pipes[3] = {NULL, NULL, NULL};
    int child_fd[3] = {0, 1, 2}, close_fd[3] = {-1, -1, -1}, devnull = -1;
    int r = 0;
    UvHandle *proc = NULL;
    Value result = V_NULL;
    for (int i = 0; i < 3 && r == 0; i++) {
        if (io[i] >= 0) {
            child_fd[i] = (int)io[i];
        } else if (io[i] == IO_STDOUT) {
            child_fd[i] = child_fd[1];
        } else if (io[i] == IO_DEVNULL) {
            if (devnull < 0) devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
            if (devnull < 0) r = -errno;
            child_fd[i] = devnull;
        } else if (io[i] == IO_PIPE) {
            uv_file fds[2]; /* [0] read end, [1] write end; the parent's end non-blocking */
            r = i == 0 ? uv_pipe(fds, 0, UV_NONBLOCK_PIPE) : uv_pipe(fds, UV_NONBLOCK_PIPE, 0);
            if (r < 0) break;
            int mine = i == 0 ? fds[1] : fds[0];
            child_fd[i] = close_fd[i] = i == 0 ? fds[0] : fds[1];
            UvHandle *h = handle_new(I, H_PIPE);
            if (!h) {
                close(fds[0]), close(fds[1]);
                close_fd[i] = -1;
                goto out;
            }
            uv_pipe_init(uv, &h->u.pipe, 0);
            h->state = ST_OPEN;
            pipes[i] = h;
            r = uv_pipe_open(&h->u.pipe, mine);
            if (r < 0) close(mine);
        }
    }
    if (r == 0) {
        proc = handle_new(I, H_PROC);
        if (!proc) goto out;
        uv_stdio_container_t stdio[3];
        for (int i = 0; i < 3; i++) {
            stdio[i].flags = UV_INHERIT_FD;
            stdio[i].data.fd = child_fd[i];
        }
        uv_process_options_t opt;
        memset(&opt, 0, sizeof opt);
        opt.exit_cb = on_proc_exit;
        opt.file = args[0];
        opt.args = args;
        opt.env = env;
        opt.cwd = is_none(argv[1]) ? NULL : as_str(argv[1])->data;
        opt.stdio_count = 3;
        opt.stdio = stdio;
        r = uv_spawn(uv, &proc->u.proc, &opt);
        if (r < 0) {
            handle_close(proc); /* uv_spawn initialised it even when it failed */
            proc = NULL;
        } else {
            proc->state = ST_OPEN;
        }
    }
    if (r < 0) {
        Str *file = str_from_cstr(I, args[0]);
        if (file) raise_uv(I, r, v_obj(file));
        goto out;
    }
    Value items[5] = {v_int(proc->id), v_int(proc->u.proc.pid), V_NONE, V_NONE, V_NONE};
    for (int i = 0; i < 3; i++)
        if (pipes[i]) items[2 + i] = v_int(pipes[i]->id);
    Tuple *t = tuple_from_array(I, items, 5);
    if (t) {
        result = v_obj(t);
        for (int i = 0; i < 3; i++)
            pipes[i] = NULL; /* the Python side owns them now */
    }
out:
    for (int i = 0; i < 3; i++) {
        if (close_fd[i] >= 0) close(close_fd[i]); /* the child's ends */
        if (pipes[i]) handle_close(pipes[i]);
    }
    if (devnull >= 0) close(devnull);
    vector_free(args, nargs);
    vector_free(env, nenv);
    return result;
}

/* _uv.proc_status(id) -> the return code once exited (negative: the signal), else None. */
static Value uvs_proc_status_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "proc_status", kw) || !arg_count(I, "proc_status", argc, 1, 1)) return V_NULL;
    UvHandle *h = handle_arg(I, argv[0], "proc_status");
    if (!h) return V_NULL;
    h->notified = false;
    return h->kind == H_PROC && h->exited ? v_int(h->returncode) : V_NONE;
}

/* _uv.proc_kill(id, signal): a process that has exited is left alone (as Popen does). */
static Value uvs_proc_kill_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "proc_kill", kw) || !arg_count(I, "proc_kill", argc, 2, 2)) return V_NULL;
    UvHandle *h = handle_arg(I, argv[0], "proc_kill");
    int64_t sig;
    if (!h || obj_index(I, argv[1], &sig) < 0) return V_NULL;
    if (h->kind != H_PROC || h->exited || h->state != ST_OPEN) return V_NONE;
    int r = uv_process_kill(&h->u.proc, (int)sig);
    return r < 0 && r != UV_ESRCH ? raise_uv(I, r, V_NULL) : V_NONE;
}

/* _uv.strerror(code): os.strerror for asyncio, which the sandbox's import of os would refuse. */
static Value uvs_strerror_fn(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "strerror", kw) || !arg_count(I, "strerror", argc, 1, 1)) return V_NULL;
    int64_t code;
    if (obj_index(I, argv[0], &code) < 0) return V_NULL;
    Str *m = str_from_cstr(I, strerror(code < 0 || code > 4095 ? 0 : (int)code));
    return m ? v_obj(m) : V_NULL;
}

static const MethodDef uvs_functions[] = {
    {"strerror", uvs_strerror_fn, 0},     {"read_start", uvs_read_start_fn, 0},
    {"read_stop", uvs_read_stop_fn, 0},   {"stream_poll", uvs_poll_fn, 0},
    {"write", uvs_write_fn, 0},           {"shutdown", uvs_shutdown_fn, 0},
    {"close", uvs_close_fn, 0},           {"tcp_connect", uvs_tcp_connect_fn, 0},
    {"tcp_listen", uvs_tcp_listen_fn, 0}, {"accept", uvs_accept_fn, 0},
    {"sockname", uvs_sockname_fn, 0},     {"peername", uvs_peername_fn, 0},
    {"spawn", uvs_spawn_fn, 0},           {"proc_status", uvs_proc_status_fn, 0},
    {"proc_kill", uvs_proc_kill_fn, 0},   {NULL, NULL, 0},
};

int uvstream_add_functions(Interp *I, Module *m) {
    return module_add_functions(I, m, uvs_functions);
}

void uvstream_close_all(Interp *I) {
    struct UvStreams **S = uvloop_streams_slot(I);
    if (!S || !*S) return;
    for (size_t i = 0; i < (*S)->n; i++)
        if ((*S)->slots[i]) handle_close((*S)->slots[i]);
}

void uvstream_free_all(Interp *I) {
    struct UvStreams **S = uvloop_streams_slot(I);
    if (!S || !*S) return;
    mem_free(I, (*S)->slots, (*S)->cap * sizeof *(*S)->slots);
    mem_free(I, *S, sizeof **S);
    *S = NULL;
}

#endif
