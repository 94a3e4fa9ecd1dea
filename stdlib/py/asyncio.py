"""asyncio: the subset krait runs on its libuv loop (docs/ASYNC.md).

The event loop, futures and tasks are written here after CPython 3.11's pure-Python
asyncio (the same callback order, so scripts print in the same order); timers are libuv
timers of the interpreter's loop (_uv, stdlib/uvloop.c): a timer is an id, and
_uv.run_once returns the ids that fired.
"""

try:
    import _uv
except ImportError:
    raise ImportError("No module named 'asyncio': this krait was built without libuv "
                      "(KRAIT_WITH_LIBUV=OFF or libuv not found)") from None

from collections import deque
import sys

__all__ = ["run", "sleep", "create_task", "gather", "wait_for", "ensure_future",
           "get_running_loop", "get_event_loop", "current_task", "all_tasks", "iscoroutine",
           "Future", "Task", "Event", "Queue", "QueueEmpty", "QueueFull", "CancelledError",
           "TimeoutError", "InvalidStateError", "wait", "as_completed", "shield",
           "FIRST_COMPLETED", "FIRST_EXCEPTION", "ALL_COMPLETED", "isfuture", "Lock",
           "Condition", "Semaphore", "BoundedSemaphore", "Timeout", "timeout", "timeout_at",
           "TaskGroup", "to_thread", "set_event_loop", "IncompleteReadError",
           "LimitOverrunError", "StreamReader", "StreamWriter", "open_connection",
           "start_server", "create_subprocess_exec", "create_subprocess_shell"]


class CancelledError(BaseException):
    """The Future or Task was cancelled."""


TimeoutError = TimeoutError  # an alias of the builtin since 3.11


class InvalidStateError(Exception):
    """The operation is not allowed in this state."""


class IncompleteReadError(EOFError):
    """Incomplete read error: partial (the bytes read before EOF), expected (None: unknown)."""

    def __init__(self, partial, expected):
        r_expected = "undefined" if expected is None else repr(expected)
        super().__init__(f"{len(partial)} bytes read on a total of {r_expected} expected bytes")
        self.partial = partial
        self.expected = expected


class LimitOverrunError(Exception):
    """Reached the buffer limit while looking for a separator (consumed: the bytes to
    consume)."""

    def __init__(self, message, consumed):
        super().__init__(message)
        self.consumed = consumed


class QueueEmpty(Exception):
    """Raised when Queue.get_nowait() is called on an empty Queue."""


class QueueFull(Exception):
    """Raised when the Queue.put_nowait() method is called on a full Queue."""


async def _probe():
    pass


_c = _probe()
_CoroutineType = type(_c)
_c.close()
del _c


def iscoroutine(obj):
    return type(obj) is _CoroutineType


# ---- handles and the loop ----------------------------------------------------------------

class Handle:
    def __init__(self, callback, args, loop):
        self._callback = callback
        self._args = args
        self._loop = loop
        self._cancelled = False

    def cancel(self):
        self._cancelled = True

    def cancelled(self):
        return self._cancelled

    def _run(self):
        try:
            self._callback(*self._args)
        except (SystemExit, KeyboardInterrupt):
            raise
        except BaseException as exc:
            self._loop.call_exception_handler({
                "message": "Exception in callback %r" % (self._callback,),
                "exception": exc, "handle": self})


class TimerHandle(Handle):
    def __init__(self, when, callback, args, loop):
        Handle.__init__(self, callback, args, loop)
        self._when = when
        self._id = None

    def when(self):
        return self._when

    def cancel(self):
        if not self._cancelled:
            self._cancelled = True
            if self._id is not None:
                self._loop._timers.pop(self._id, None)
                _uv.timer_cancel(self._id)
                self._id = None


_running_loop = [None]


class EventLoop:
    def __init__(self):
        _uv.backend_fd()  # the libuv loop exists from here on: kr_loop_exists (the REPL) sees it
        self._ready = deque()
        self._timers = {}
        self._waits = {}  # completion id (uvloop.h) -> (future, waiter, result)
        self._jobs = {}  # thread-pool job id (uvloop_work.c) -> (future, post)
        self._natives = {}  # stream / server / process id (uvloop_stream.c) -> its callback
        self._stopping = False
        self._closed = False
        self._unretrieved = []  # tasks that finished with an exception nobody read yet
        # async generators iterated under this loop, for shutdown_asyncgens (a list: no
        # weak references in krait; finished ones are pruned as it grows)
        self._asyncgens = []
        self._asyncgens_prune_at = 64
        self._asyncgens_shutdown_called = False

    def time(self):
        return _uv.time()

    def call_soon(self, callback, *args):
        self._check_closed()
        h = Handle(callback, args, self)
        self._ready.append(h)
        return h

    def call_later(self, delay, callback, *args):
        self._check_closed()
        h = TimerHandle(self.time() + delay, callback, args, self)
        h._id = _uv.timer_start(delay)
        self._timers[h._id] = h
        return h

    def call_at(self, when, callback, *args):
        return self.call_later(when - self.time(), callback, *args)

    def create_future(self):
        return Future(loop=self)

    def run_in_executor(self, executor, func, *args):
        # libuv's thread pool runs the C-level blocking calls _pool_job knows (time.sleep,
        # pathlib's read/write_bytes/_text); krait runs Python code on the loop thread only,
        # so any other callable runs here, now, and the future is finished when returned.
        # executor is accepted and not used.
        self._check_closed()
        return _run_blocking(self, func, args, {})

    def set_default_executor(self, executor):
        pass

    def create_task(self, coro, *, name=None):
        self._check_closed()
        return Task(coro, loop=self, name=name)

    def is_running(self):
        return _running_loop[0] is self

    def is_closed(self):
        return self._closed

    def _check_closed(self):
        if self._closed:
            raise RuntimeError("Event loop is closed")

    def stop(self):
        self._stopping = True

    def close(self):
        if self.is_running():
            raise RuntimeError("Cannot close a running event loop")
        if self._closed:
            return
        self._closed = True
        for h in list(self._timers.values()):
            h.cancel()
        self._ready.clear()
        self._report_unretrieved()

    def _report_unretrieved(self):
        tasks, self._unretrieved = self._unretrieved, []
        for t in tasks:
            if t._log_traceback:
                t._log_traceback = False
                self.call_exception_handler({
                    "message": "Task exception was never retrieved",
                    "exception": t._exception, "future": t})

    def call_exception_handler(self, context):
        lines = [context.get("message", "Unhandled exception in event loop")]
        if "future" in context:
            lines.append("future: %r" % (context["future"],))
        if "handle" in context:
            lines.append("handle: %r" % (context["handle"],))
        sys.stderr.write("\n".join(lines) + "\n")
        exc = context.get("exception")
        if exc is not None:
            import traceback
            traceback.print_exception(type(exc), exc, exc.__traceback__)

    def _asyncgen_firstiter_hook(self, agen):
        gens = self._asyncgens
        if len(gens) >= self._asyncgens_prune_at:
            gens[:] = [g for g in gens if not g._finished]
            self._asyncgens_prune_at = max(64, 2 * len(gens))
        gens.append(agen)

    def _asyncgen_finalizer_hook(self, agen):
        self.create_task(agen.aclose())

    async def shutdown_asyncgens(self):
        self._asyncgens_shutdown_called = True
        closing = [g for g in self._asyncgens if not g._finished]
        self._asyncgens = []
        if not closing:
            return
        results = await gather(*[ag.aclose() for ag in closing], return_exceptions=True)
        for result, agen in zip(results, closing):
            # StopAsyncIteration: aclose() had been called already (CPython's collector
            # would have closed that one without a report)
            if isinstance(result, Exception) and not isinstance(result, StopAsyncIteration):
                self.call_exception_handler({
                    "message": "an error occurred during closing of asynchronous generator "
                               "%r" % (agen,),
                    "exception": result, "asyncgen": agen})

    async def shutdown_default_executor(self):
        pass

    def run_forever(self):
        self._check_closed()
        if _running_loop[0] is not None:
            raise RuntimeError("Cannot run the event loop while another loop is running")
        _running_loop[0] = self
        old_hooks = sys.get_asyncgen_hooks()
        sys.set_asyncgen_hooks(firstiter=self._asyncgen_firstiter_hook,
                               finalizer=self._asyncgen_finalizer_hook)
        try:
            while True:
                self._run_once()
                if self._stopping:
                    break
        finally:
            self._stopping = False
            _running_loop[0] = None
            sys.set_asyncgen_hooks(*old_hooks)

    def run_until_complete(self, future):
        self._check_closed()
        new_task = not isinstance(future, Future)
        future = ensure_future(future, loop=self)
        if new_task:
            future._log_destroy_pending = False
        future.add_done_callback(_run_until_complete_cb)
        try:
            self.run_forever()
        except BaseException:
            if new_task and future.done() and not future.cancelled():
                future.exception()
            raise
        finally:
            future.remove_done_callback(_run_until_complete_cb)
        if not future.done():
            raise RuntimeError("Event loop stopped before Future completed.")
        return future.result()

    def _run_once(self, may_block=True):
        block = may_block and not self._ready and not self._stopping
        for tid in _uv.run_once(block):
            h = self._timers.pop(tid, None)
            if h is not None:
                h._id = None
                self._ready.append(h)
            elif tid in self._waits:
                self._ready.append(Handle(_complete_wait, self._waits.pop(tid), self))
            elif tid in self._jobs:
                fut, post = self._jobs.pop(tid)
                self._ready.append(Handle(_complete_job, (fut, tid, post), self))
            elif tid in self._natives:
                self._ready.append(Handle(self._natives[tid], (), self))
        ready = self._ready
        for _ in range(len(ready)):
            h = ready.popleft()
            if not h._cancelled:
                h._run()


def _run_until_complete_cb(fut):
    if not fut.cancelled():
        exc = fut.exception()
        if isinstance(exc, (SystemExit, KeyboardInterrupt)):
            return
    fut._loop.stop()


def _native_wait(wait_id, waiter, result=None):
    # GPU work as a future (stdlib/gpu/gpu_await.c): wait_id None: the work is already
    # complete (the CPU backend). When it is done, waiter.synchronize() (returns at once, or
    # raises the device fault a host callback cannot carry), then result() if given.
    loop = get_running_loop()
    fut = loop.create_future()
    if wait_id is None:
        _complete_wait(fut, waiter, result)
    else:
        loop._waits[wait_id] = (fut, waiter, result)
    return fut


def _complete_wait(fut, waiter, result):
    if fut.cancelled():
        return
    try:
        if waiter is not None:
            waiter.synchronize()
        value = None if result is None else result()
    except Exception as exc:
        fut.set_exception(exc)
    else:
        fut.set_result(value)


def _pool_job(func, args, kwargs):
    """The thread-pool job (uvloop_work.c) that does what func(*args, **kwargs) does, and
    a function of the job's result giving func's result; None when there is none."""
    import time
    if func is time.sleep and len(args) == 1 and not kwargs:
        return ("sleep", args[0]), None
    owner = getattr(func, "__self__", None)
    f = getattr(func, "__func__", None)
    if owner is None or f is None:
        return None
    import pathlib
    if not isinstance(owner, pathlib.PurePath):
        return None
    path = str(owner)
    if f is pathlib.Path.read_bytes and not args and not kwargs:
        return ("read", path), None
    if f is pathlib.Path.read_text and len(args) + len(kwargs) <= 2:
        enc = kwargs.get("encoding", args[0] if args else None) or "utf-8"
        errs = kwargs.get("errors", args[1] if len(args) > 1 else None) or "strict"
        return ("read", path), lambda b: b.decode(enc, errs).replace("\r\n", "\n").replace("\r", "\n")
    if f is pathlib.Path.write_bytes and len(args) == 1 and not kwargs:
        return ("write", path, bytes(args[0])), None
    if f is pathlib.Path.write_text and len(args) == 1 and not kwargs and type(args[0]) is str:
        n = len(args[0])
        return ("write", path, args[0].encode("utf-8")), lambda _: n
    return None


def _run_blocking(loop, func, args, kwargs):
    job = _pool_job(func, args, kwargs)
    fut = loop.create_future()
    if job is not None:
        loop._jobs[_uv.work(*job[0])] = (fut, job[1])
        return fut
    try:
        fut.set_result(func(*args, **kwargs))
    except (SystemExit, KeyboardInterrupt):
        raise
    except BaseException as exc:
        fut.set_exception(exc)
    return fut


def _complete_job(fut, job, post):
    try:
        value = _uv.work_result(job)
        if post is not None:
            value = post(value)
    except Exception as exc:
        if not fut.cancelled():
            fut.set_exception(exc)
    else:
        if not fut.cancelled():
            fut.set_result(value)


async def to_thread(func, /, *args, **kwargs):
    return await _run_blocking(get_running_loop(), func, args, kwargs)


def get_running_loop():
    loop = _running_loop[0]
    if loop is None:
        raise RuntimeError("no running event loop")
    return loop


def get_event_loop():
    # outside a running loop: the current loop, made at the first call, as CPython 3.11's
    # policy gives (the loop an embedding host drives with kr_loop_step)
    loop = _running_loop[0]
    return loop if loop is not None else _host_loop()


def set_event_loop(loop):
    _current_loop[0] = loop


_current_loop = [None]


def _host_loop():
    loop = _current_loop[0]
    if loop is None or loop.is_closed():
        loop = _current_loop[0] = EventLoop()
    return loop


def _has_work(loop):
    return bool(loop._ready or loop._timers or loop._waits or loop._jobs or loop._natives or
                any(t._loop is loop and not t.done() for t in _all_tasks))


def _host_step(block):
    """kr_loop_step / kr_loop_run (api/api_loop.c): one iteration of the current loop, as
    if it were running; returns 1 while it has work left (tasks, timers, waits), else 0."""
    loop = _host_loop()
    if _running_loop[0] is not None:
        raise RuntimeError("Cannot run the event loop while another loop is running")
    _running_loop[0] = loop
    old_hooks = sys.get_asyncgen_hooks()
    sys.set_asyncgen_hooks(firstiter=loop._asyncgen_firstiter_hook,
                           finalizer=loop._asyncgen_finalizer_hook)
    try:
        loop._run_once(block and _has_work(loop))
    finally:
        _running_loop[0] = None
        sys.set_asyncgen_hooks(*old_hooks)
    return 1 if _has_work(loop) else 0


def _repl_await(coro):
    """The REPL's top-level await (api/api_repl.c): coro is the statement, compiled as a
    coroutine because it awaits; it runs as a task on the current loop (the one the prompt
    keeps running between statements) until it is done, as under `python -m asyncio`. An
    exception in it (Ctrl-C's KeyboardInterrupt included) cancels the task and propagates."""
    loop = _host_loop()
    task = loop.create_task(coro)
    try:
        return loop.run_until_complete(task)
    except BaseException:
        if not task.done():
            task.cancel()
            try:
                loop.run_until_complete(task)  # its finally blocks run before the prompt
            except BaseException:
                pass
        raise


def _host_timeout():
    """kr_loop_timeout: milliseconds the host may sleep on kr_loop_fd before the next step
    (0: work is ready, -1: only an event on the fd wakes it)."""
    loop = _host_loop()
    if loop._ready:
        return 0
    if loop._waits and not _uv.wants_callback():
        return 0  # "poll" mode: GPU work is waited for by polling
    return _uv.backend_timeout()


def new_event_loop():
    return EventLoop()


# ---- futures -------------------------------------------------------------------------------

_PENDING = "PENDING"
_CANCELLED = "CANCELLED"
_FINISHED = "FINISHED"


class Future:
    _asyncio_future_blocking = False

    def __init__(self, *, loop=None):
        self._loop = get_event_loop() if loop is None else loop
        self._state = _PENDING
        self._result = None
        self._exception = None
        self._callbacks = []
        self._cancel_message = None
        self._cancelled_exc = None
        self._log_traceback = False

    def get_loop(self):
        return self._loop

    def _repr_info(self):
        info = [self._state.lower()]
        if self._state == _FINISHED:
            if self._exception is not None:
                info.append("exception=%r" % (self._exception,))
            else:
                info.append("result=%r" % (self._result,))
        return info

    def __repr__(self):
        return "<%s %s>" % (type(self).__name__, " ".join(self._repr_info()))

    def _make_cancelled_error(self):
        if self._cancelled_exc is not None:
            exc = self._cancelled_exc
            self._cancelled_exc = None
            return exc
        if self._cancel_message is None:
            return CancelledError()
        return CancelledError(self._cancel_message)

    def cancel(self, msg=None):
        self._log_traceback = False
        if self._state != _PENDING:
            return False
        self._state = _CANCELLED
        self._cancel_message = msg
        self._schedule_callbacks()
        return True

    def _schedule_callbacks(self):
        callbacks, self._callbacks = self._callbacks, []
        for cb in callbacks:
            self._loop.call_soon(cb, self)

    def cancelled(self):
        return self._state == _CANCELLED

    def done(self):
        return self._state != _PENDING

    def result(self):
        if self._state == _CANCELLED:
            raise self._make_cancelled_error()
        if self._state != _FINISHED:
            raise InvalidStateError("Result is not set.")
        self._log_traceback = False
        if self._exception is not None:
            raise self._exception
        return self._result

    def exception(self):
        if self._state == _CANCELLED:
            raise self._make_cancelled_error()
        if self._state != _FINISHED:
            raise InvalidStateError("Exception is not set.")
        self._log_traceback = False
        return self._exception

    def add_done_callback(self, fn):
        if self._state != _PENDING:
            self._loop.call_soon(fn, self)
        else:
            self._callbacks.append(fn)

    def remove_done_callback(self, fn):
        kept = [f for f in self._callbacks if f != fn]
        removed = len(self._callbacks) - len(kept)
        if removed:
            self._callbacks[:] = kept
        return removed

    def set_result(self, result):
        if self._state != _PENDING:
            raise InvalidStateError("%s: %r" % (self._state, self))
        self._result = result
        self._state = _FINISHED
        self._schedule_callbacks()

    def set_exception(self, exception):
        if self._state != _PENDING:
            raise InvalidStateError("%s: %r" % (self._state, self))
        if isinstance(exception, type):
            exception = exception()
        if type(exception) is StopIteration:
            raise TypeError("StopIteration interacts badly with generators "
                            "and cannot be raised into a Future")
        self._exception = exception
        self._state = _FINISHED
        self._schedule_callbacks()
        self._log_traceback = True
        self._loop._unretrieved.append(self)

    def __await__(self):
        if not self.done():
            self._asyncio_future_blocking = True
            yield self
        if not self.done():
            raise RuntimeError("await wasn't used with future")
        return self.result()

    __iter__ = __await__


def _set_result_unless_cancelled(fut, result):
    if not fut.cancelled():
        fut.set_result(result)


# ---- tasks ---------------------------------------------------------------------------------

_task_counter = [0]
_current_tasks = {}
_all_tasks = []


class Task(Future):
    def __init__(self, coro, *, loop=None, name=None):
        Future.__init__(self, loop=loop)
        if not iscoroutine(coro):
            self._log_destroy_pending = False
            raise TypeError("a coroutine was expected, got %r" % (coro,))
        _task_counter[0] += 1  # CPython's C Task counts named tasks too
        if name is None:
            name = "Task-%d" % _task_counter[0]
        self._name = str(name)
        self._coro = coro
        self._coro_code = getattr(coro, "cr_code", None)  # krait drops it when the coroutine ends
        self._fut_waiter = None
        self._must_cancel = False
        self._num_cancels_requested = 0
        self._log_destroy_pending = True
        self._loop.call_soon(self._step)
        _all_tasks.append(self)

    def get_name(self):
        return self._name

    def set_name(self, value):
        self._name = str(value)

    def get_coro(self):
        return self._coro

    def _repr_info(self):
        info = Future._repr_info(self)
        if self._must_cancel:
            info[0] = "cancelling"
        info.insert(1, "name=%r" % (self._name,))
        info.insert(2, "coro=<%s>" % (_coro_repr(self._coro, self._coro_code),))
        return info

    def set_result(self, result):
        raise RuntimeError("Task does not support set_result operation")

    def set_exception(self, exception):
        raise RuntimeError("Task does not support set_exception operation")

    def cancelling(self):
        return self._num_cancels_requested

    def uncancel(self):
        if self._num_cancels_requested > 0:
            self._num_cancels_requested -= 1
        return self._num_cancels_requested

    def cancel(self, msg=None):
        self._log_traceback = False
        if self.done():
            return False
        self._num_cancels_requested += 1
        if self._fut_waiter is not None:
            if self._fut_waiter.cancel(msg=msg):
                return True
        self._must_cancel = True
        self._cancel_message = msg
        return True

    def _step(self, exc=None):
        if self.done():
            raise InvalidStateError("_step(): already done: %r, %r" % (self, exc))
        if self._must_cancel:
            if not isinstance(exc, CancelledError):
                exc = self._make_cancelled_error()
            self._must_cancel = False
        coro = self._coro
        self._fut_waiter = None
        prev = _current_tasks.get(self._loop)
        _current_tasks[self._loop] = self
        try:
            if exc is None:
                result = coro.send(None)
            else:
                result = coro.throw(exc)
        except StopIteration as e:
            if self._must_cancel:
                self._must_cancel = False
                Future.cancel(self, msg=self._cancel_message)
            else:
                Future.set_result(self, e.value)
        except CancelledError as e:
            self._cancelled_exc = e
            Future.cancel(self)
        except (KeyboardInterrupt, SystemExit) as e:
            Future.set_exception(self, e)
            raise
        except BaseException as e:
            # CPython's Task is C code: its step is no frame of the traceback
            tb = e.__traceback__
            while tb is not None and tb.tb_frame.f_code is _STEP_CODE:
                tb = tb.tb_next
            e.__traceback__ = tb
            Future.set_exception(self, e)
        else:
            blocking = getattr(result, "_asyncio_future_blocking", None)
            if blocking is not None:
                if blocking:
                    if result is self:
                        self._loop.call_soon(self._step, RuntimeError(
                            "Task cannot await on itself: %r" % (self,)))
                    else:
                        result._asyncio_future_blocking = False
                        result.add_done_callback(self._wakeup)
                        self._fut_waiter = result
                        if self._must_cancel:
                            if self._fut_waiter.cancel(msg=self._cancel_message):
                                self._must_cancel = False
                else:
                    self._loop.call_soon(self._step, RuntimeError(
                        "yield was used instead of yield from in task %r with %r" % (self, result)))
            elif result is None:
                self._loop.call_soon(self._step)
            else:
                self._loop.call_soon(self._step, RuntimeError(
                    "Task got bad yield: %r" % (result,)))
        finally:
            if prev is None:
                _current_tasks.pop(self._loop, None)
            else:
                _current_tasks[self._loop] = prev
            if self.done():
                _all_tasks.remove(self)

    def _wakeup(self, future):
        try:
            future.result()
        except BaseException as exc:
            self._step(exc)
        else:
            self._step()


_STEP_CODE = Task._step.__code__


def _coro_repr(coro, code):
    name = getattr(coro, "__qualname__", None) or type(coro).__name__
    frame = getattr(coro, "cr_frame", None)
    if frame is not None:
        return "%s() running at %s:%d" % (name, code.co_filename, frame.f_lineno)
    if code is not None:
        return "%s() done, defined at %s:%d" % (name, code.co_filename, code.co_firstlineno)
    return "%s()" % (name,)


def current_task(loop=None):
    if loop is None:
        loop = get_running_loop()
    return _current_tasks.get(loop)


def all_tasks(loop=None):
    if loop is None:
        loop = get_running_loop()
    return {t for t in _all_tasks if t._loop is loop and not t.done()}


def create_task(coro, *, name=None):
    return get_running_loop().create_task(coro, name=name)


def ensure_future(coro_or_future, *, loop=None):
    if isinstance(coro_or_future, Future):
        if loop is not None and loop is not coro_or_future._loop:
            raise ValueError("The future belongs to a different loop than the one specified "
                             "as the loop argument")
        return coro_or_future
    if not iscoroutine(coro_or_future):
        if hasattr(type(coro_or_future), "__await__"):
            coro_or_future = _wrap_awaitable(coro_or_future)
        else:
            raise TypeError("An asyncio.Future, a coroutine or an awaitable is required")
    if loop is None:
        loop = get_event_loop()
    return loop.create_task(coro_or_future)


async def _wrap_awaitable(awaitable):
    return await awaitable


class _Sleep0:
    def __await__(self):
        yield


async def sleep(delay, result=None):
    if delay <= 0:
        await _Sleep0()
        return result
    loop = get_running_loop()
    future = loop.create_future()
    h = loop.call_later(delay, _set_result_unless_cancelled, future, result)
    try:
        return await future
    finally:
        h.cancel()


# ---- gather, wait_for ----------------------------------------------------------------------

class _GatheringFuture(Future):
    def __init__(self, children, *, loop):
        Future.__init__(self, loop=loop)
        self._children = children
        self._cancel_requested = False

    def cancel(self, msg=None):
        if self.done():
            return False
        ret = False
        for child in self._children:
            if child.cancel(msg=msg):
                ret = True
        if ret:
            self._cancel_requested = True
        return ret


def gather(*coros_or_futures, return_exceptions=False):
    if not coros_or_futures:
        outer = get_event_loop().create_future()
        outer.set_result([])
        return outer
    state = {"nfinished": 0}
    children = []
    outer_box = [None]

    def _done_callback(fut):
        state["nfinished"] += 1
        outer = outer_box[0]
        if outer is None or outer.done():
            if not fut.cancelled():
                fut.exception()
            return
        if not return_exceptions:
            if fut.cancelled():
                outer.set_exception(fut._make_cancelled_error())
                return
            exc = fut.exception()
            if exc is not None:
                outer.set_exception(exc)
                return
        if state["nfinished"] == nfuts:
            results = []
            for f in children:
                if f.cancelled():
                    res = CancelledError("" if f._cancel_message is None else f._cancel_message)
                else:
                    res = f.exception()
                    if res is None:
                        res = f.result()
                results.append(res)
            if outer._cancel_requested:
                outer.set_exception(fut._make_cancelled_error())
            else:
                outer.set_result(results)

    arg_to_fut = {}
    nfuts = 0
    loop = None
    for arg in coros_or_futures:
        if arg not in arg_to_fut:
            fut = ensure_future(arg, loop=loop)
            if loop is None:
                loop = fut._loop
            if fut is not arg:
                fut._log_destroy_pending = False
            nfuts += 1
            arg_to_fut[arg] = fut
            fut.add_done_callback(_done_callback)
        else:
            fut = arg_to_fut[arg]
        children.append(fut)
    outer_box[0] = _GatheringFuture(children, loop=loop)
    return outer_box[0]


def _release_waiter(waiter, *args):
    if not waiter.done():
        waiter.set_result(None)


async def _cancel_and_wait(fut, loop):
    waiter = loop.create_future()

    def cb(f):
        _release_waiter(waiter)

    fut.add_done_callback(cb)
    try:
        fut.cancel()
        await waiter
    finally:
        fut.remove_done_callback(cb)


async def wait_for(fut, timeout):
    loop = get_running_loop()
    if timeout is None:
        return await fut
    if timeout <= 0:
        fut = ensure_future(fut, loop=loop)
        if fut.done():
            return fut.result()
        await _cancel_and_wait(fut, loop=loop)
        try:
            return fut.result()
        except CancelledError as exc:
            raise TimeoutError() from exc
    waiter = loop.create_future()
    timeout_handle = loop.call_later(timeout, _release_waiter, waiter)

    def cb(f):
        _release_waiter(waiter)

    fut = ensure_future(fut, loop=loop)
    fut.add_done_callback(cb)
    try:
        try:
            await waiter
        except CancelledError:
            if fut.done():
                return fut.result()
            fut.remove_done_callback(cb)
            await _cancel_and_wait(fut, loop=loop)
            raise
        if fut.done():
            return fut.result()
        fut.remove_done_callback(cb)
        await _cancel_and_wait(fut, loop=loop)
        try:
            return fut.result()
        except CancelledError as exc:
            raise TimeoutError() from exc
    finally:
        timeout_handle.cancel()


# ---- wait, as_completed, shield ------------------------------------------------------------

FIRST_COMPLETED = "FIRST_COMPLETED"
FIRST_EXCEPTION = "FIRST_EXCEPTION"
ALL_COMPLETED = "ALL_COMPLETED"


def isfuture(obj):
    return getattr(type(obj), "_asyncio_future_blocking", None) is not None and \
        not isinstance(obj, type)


async def wait(fs, *, timeout=None, return_when=ALL_COMPLETED):
    if isfuture(fs) or iscoroutine(fs):
        raise TypeError("expect a list of futures, not %s" % (type(fs).__name__,))
    if not fs:
        raise ValueError("Set of Tasks/Futures is empty.")
    if return_when not in (FIRST_COMPLETED, FIRST_EXCEPTION, ALL_COMPLETED):
        raise ValueError("Invalid return_when value: %s" % (return_when,))
    fs = set(fs)
    if any(iscoroutine(f) for f in fs):
        raise TypeError("Passing coroutines is forbidden, use tasks explicitly.")
    loop = get_running_loop()
    return await _wait(fs, timeout, return_when, loop)


async def _wait(fs, timeout, return_when, loop):
    waiter = loop.create_future()
    timeout_handle = None
    if timeout is not None:
        timeout_handle = loop.call_later(timeout, _release_waiter, waiter)
    counter = len(fs)

    def _on_completion(f):
        nonlocal counter
        counter -= 1
        if (counter <= 0 or return_when == FIRST_COMPLETED or
                return_when == FIRST_EXCEPTION and (not f.cancelled() and
                                                    f.exception() is not None)):
            if timeout_handle is not None:
                timeout_handle.cancel()
            if not waiter.done():
                waiter.set_result(None)

    for f in fs:
        f.add_done_callback(_on_completion)
    try:
        await waiter
    finally:
        if timeout_handle is not None:
            timeout_handle.cancel()
        for f in fs:
            f.remove_done_callback(_on_completion)
    done, pending = set(), set()
    for f in fs:
        if f.done():
            done.add(f)
        else:
            pending.add(f)
    return done, pending


def as_completed(fs, *, timeout=None):
    if isfuture(fs) or iscoroutine(fs):
        raise TypeError("expect an iterable of futures, not %s" % (type(fs).__name__,))
    done = Queue()
    loop = get_event_loop()
    todo = {ensure_future(f, loop=loop) for f in set(fs)}
    timeout_handle = None

    def _on_timeout():
        for f in todo:
            f.remove_done_callback(_on_completion)
            done.put_nowait(None)  # a dummy value for _wait_for_one()
        todo.clear()

    def _on_completion(f):
        if not todo:
            return  # _on_timeout() was here first
        todo.remove(f)
        done.put_nowait(f)
        if not todo and timeout_handle is not None:
            timeout_handle.cancel()

    async def _wait_for_one():
        f = await done.get()
        if f is None:
            raise TimeoutError
        return f.result()

    for f in todo:
        f.add_done_callback(_on_completion)
    if todo and timeout is not None:
        timeout_handle = loop.call_later(timeout, _on_timeout)
    for _ in range(len(todo)):
        yield _wait_for_one()


def shield(arg):
    inner = ensure_future(arg)
    if inner.done():
        return inner
    loop = inner._loop
    outer = loop.create_future()

    def _inner_done_callback(inner):
        if outer.cancelled():
            if not inner.cancelled():
                inner.exception()  # mark it retrieved
            return
        if inner.cancelled():
            outer.cancel()
        else:
            exc = inner.exception()
            if exc is not None:
                outer.set_exception(exc)
            else:
                outer.set_result(inner.result())

    def _outer_done_callback(outer):
        if not inner.done():
            inner.remove_done_callback(_inner_done_callback)

    inner.add_done_callback(_inner_done_callback)
    outer.add_done_callback(_outer_done_callback)
    return outer


# ---- timeouts (3.11's asyncio.timeout) -----------------------------------------------------

_T_CREATED = "created"
_T_ENTERED = "active"
_T_EXPIRING = "expiring"
_T_EXPIRED = "expired"
_T_EXITED = "finished"


class Timeout:
    def __init__(self, when):
        self._state = _T_CREATED
        self._timeout_handler = None
        self._task = None
        self._when = when

    def when(self):
        return self._when

    def reschedule(self, when):
        if self._state is not _T_ENTERED:
            raise RuntimeError("Cannot change state of %s Timeout" % (self._state,))
        self._when = when
        if self._timeout_handler is not None:
            self._timeout_handler.cancel()
        if when is None:
            self._timeout_handler = None
        else:
            loop = get_running_loop()
            if when <= loop.time():
                self._timeout_handler = loop.call_soon(self._on_timeout)
            else:
                self._timeout_handler = loop.call_at(when, self._on_timeout)

    def expired(self):
        return self._state in (_T_EXPIRING, _T_EXPIRED)

    def __repr__(self):
        info = [""]
        if self._state is _T_ENTERED:
            when = round(self._when, 3) if self._when is not None else None
            info.append("when=%s" % (when,))
        return "<Timeout [%s]%s>" % (self._state, " ".join(info))

    async def __aenter__(self):
        self._state = _T_ENTERED
        self._task = current_task()
        if self._task is None:
            raise RuntimeError("Timeout should be used inside a task")
        self.reschedule(self._when)
        return self

    async def __aexit__(self, exc_type, exc_val, exc_tb):
        if self._timeout_handler is not None:
            self._timeout_handler.cancel()
            self._timeout_handler = None
        if self._state is _T_EXPIRING:
            self._state = _T_EXPIRED
            if self._task.uncancel() == 0 and exc_type is CancelledError:
                raise TimeoutError
        elif self._state is _T_ENTERED:
            self._state = _T_EXITED
        return None

    def _on_timeout(self):
        self._task.cancel()
        self._state = _T_EXPIRING
        self._timeout_handler = None


def timeout(delay):
    loop = get_running_loop()
    return Timeout(loop.time() + delay if delay is not None else None)


def timeout_at(when):
    return Timeout(when)


# ---- TaskGroup (3.11) ----------------------------------------------------------------------

class TaskGroup:
    def __init__(self):
        self._entered = False
        self._exiting = False
        self._aborting = False
        self._loop = None
        self._parent_task = None
        self._parent_cancel_requested = False
        self._tasks = set()
        self._errors = []
        self._base_error = None
        self._on_completed_fut = None

    def __repr__(self):
        info = [""]
        if self._tasks:
            info.append("tasks=%d" % len(self._tasks))
        if self._errors:
            info.append("errors=%d" % len(self._errors))
        if self._aborting:
            info.append("cancelling")
        elif self._entered:
            info.append("entered")
        return "<TaskGroup%s>" % (" ".join(info),)

    async def __aenter__(self):
        if self._entered:
            raise RuntimeError("TaskGroup %r has been already entered" % (self,))
        self._entered = True
        if self._loop is None:
            self._loop = get_running_loop()
        self._parent_task = current_task(self._loop)
        if self._parent_task is None:
            raise RuntimeError("TaskGroup %r cannot determine the parent task" % (self,))
        return self

    async def __aexit__(self, et, exc, tb):
        self._exiting = True
        if exc is not None and self._is_base_error(exc) and self._base_error is None:
            self._base_error = exc
        propagate_cancellation_error = exc if et is CancelledError else None
        if self._parent_cancel_requested:
            if self._parent_task.uncancel() == 0:
                propagate_cancellation_error = None
        if et is not None:
            if not self._aborting:
                self._abort()
        while self._tasks:
            if self._on_completed_fut is None:
                self._on_completed_fut = self._loop.create_future()
            try:
                await self._on_completed_fut
            except CancelledError as ex:
                if not self._aborting:
                    propagate_cancellation_error = ex
                    self._abort()
            self._on_completed_fut = None
        if self._base_error is not None:
            raise self._base_error
        if propagate_cancellation_error and not self._errors:
            raise propagate_cancellation_error
        if et is not None and et is not CancelledError:
            self._errors.append(exc)
        if self._errors:
            try:
                me = BaseExceptionGroup("unhandled errors in a TaskGroup", self._errors)
                raise me from None
            finally:
                self._errors = None

    def create_task(self, coro, *, name=None, context=None):
        if not self._entered:
            raise RuntimeError("TaskGroup %r has not been entered" % (self,))
        if self._exiting and not self._tasks:
            raise RuntimeError("TaskGroup %r is finished" % (self,))
        if self._aborting:
            raise RuntimeError("TaskGroup %r is shutting down" % (self,))
        task = self._loop.create_task(coro, name=name)
        task.add_done_callback(self._on_task_done)
        self._tasks.add(task)
        return task

    def _is_base_error(self, exc):
        return isinstance(exc, (SystemExit, KeyboardInterrupt))

    def _abort(self):
        self._aborting = True
        for t in self._tasks:
            if not t.done():
                t.cancel()

    def _on_task_done(self, task):
        self._tasks.discard(task)
        if self._on_completed_fut is not None and not self._tasks:
            if not self._on_completed_fut.done():
                self._on_completed_fut.set_result(True)
        if task.cancelled():
            return
        exc = task.exception()
        if exc is None:
            return
        self._errors.append(exc)
        if self._is_base_error(exc) and self._base_error is None:
            self._base_error = exc
        if self._parent_task.done():
            self._loop.call_exception_handler({
                "message": "Task %r has errored out but its parent task %s is already "
                           "completed" % (task, self._parent_task),
                "exception": exc, "task": task})
            return
        if not self._aborting and not self._parent_cancel_requested:
            self._abort()
            self._parent_cancel_requested = True
            self._parent_task.cancel()


# ---- run -----------------------------------------------------------------------------------

def _cancel_all_tasks(loop):
    to_cancel = all_tasks(loop)
    if not to_cancel:
        return
    for task in to_cancel:
        task.cancel()
    loop.run_until_complete(gather(*to_cancel, return_exceptions=True))
    for task in to_cancel:
        if task.cancelled():
            continue
        if task.exception() is not None:
            loop.call_exception_handler({
                "message": "unhandled exception during asyncio.run() shutdown",
                "exception": task.exception(), "task": task})


def run(main, *, debug=None):
    if _running_loop[0] is not None:
        raise RuntimeError("asyncio.run() cannot be called from a running event loop")
    if not iscoroutine(main):
        raise ValueError("a coroutine was expected, got %r" % (main,))
    loop = EventLoop()
    try:
        return loop.run_until_complete(main)
    finally:
        try:
            _cancel_all_tasks(loop)
            loop.run_until_complete(loop.shutdown_asyncgens())
        finally:
            loop.close()



# ---- synchronisation -----------------------------------------------------------------------

class _LoopBound:
    _loop = None

    def _get_loop(self):
        loop = get_running_loop()
        if self._loop is None:
            self._loop = loop
        if loop is not self._loop:
            raise RuntimeError("%r is bound to a different event loop" % (self,))
        return loop


class Event(_LoopBound):
    def __init__(self):
        self._waiters = deque()
        self._value = False

    def __repr__(self):
        return "<asyncio.Event [%s]>" % ("set" if self._value else "unset",)

    def is_set(self):
        return self._value

    def set(self):
        if not self._value:
            self._value = True
            for fut in self._waiters:
                if not fut.done():
                    fut.set_result(True)

    def clear(self):
        self._value = False

    async def wait(self):
        if self._value:
            return True
        fut = self._get_loop().create_future()
        self._waiters.append(fut)
        try:
            await fut
            return True
        finally:
            self._waiters.remove(fut)


class Queue(_LoopBound):
    def __init__(self, maxsize=0):
        self._maxsize = maxsize
        self._getters = deque()
        self._putters = deque()
        self._unfinished_tasks = 0
        self._finished = Event()
        self._finished.set()
        self._queue = deque()

    def __repr__(self):
        return "<Queue maxsize=%r>" % (self._maxsize,)

    def _wakeup_next(self, waiters):
        while waiters:
            waiter = waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)
                break

    @property
    def maxsize(self):
        return self._maxsize

    def qsize(self):
        return len(self._queue)

    def empty(self):
        return not self._queue

    def full(self):
        if self._maxsize <= 0:
            return False
        return self.qsize() >= self._maxsize

    async def put(self, item):
        while self.full():
            putter = self._get_loop().create_future()
            self._putters.append(putter)
            try:
                await putter
            except BaseException:
                putter.cancel()
                try:
                    self._putters.remove(putter)
                except ValueError:
                    pass
                if not self.full() and not putter.cancelled():
                    self._wakeup_next(self._putters)
                raise
        return self.put_nowait(item)

    def put_nowait(self, item):
        if self.full():
            raise QueueFull
        self._queue.append(item)
        self._unfinished_tasks += 1
        self._finished.clear()
        self._wakeup_next(self._getters)

    async def get(self):
        while self.empty():
            getter = self._get_loop().create_future()
            self._getters.append(getter)
            try:
                await getter
            except BaseException:
                getter.cancel()
                try:
                    self._getters.remove(getter)
                except ValueError:
                    pass
                if not self.empty() and not getter.cancelled():
                    self._wakeup_next(self._getters)
                raise
        return self.get_nowait()

    def get_nowait(self):
        if self.empty():
            raise QueueEmpty
        item = self._queue.popleft()
        self._wakeup_next(self._putters)
        return item

    def task_done(self):
        if self._unfinished_tasks <= 0:
            raise ValueError("task_done() called too many times")
        self._unfinished_tasks -= 1
        if self._unfinished_tasks == 0:
            self._finished.set()

    async def join(self):
        if self._unfinished_tasks > 0:
            await self._finished.wait()


class _ContextManagerMixin:
    async def __aenter__(self):
        await self.acquire()
        return None

    async def __aexit__(self, exc_type, exc, tb):
        self.release()


def _lb_repr(self, extra):
    return "<%s.%s object at %#x [%s]>" % ("asyncio.locks", type(self).__qualname__,
                                          id(self), extra)


class Lock(_ContextManagerMixin, _LoopBound):
    def __init__(self):
        self._waiters = None
        self._locked = False

    def __repr__(self):
        extra = "locked" if self._locked else "unlocked"
        if self._waiters:
            extra = "%s, waiters:%d" % (extra, len(self._waiters))
        return _lb_repr(self, extra)

    def locked(self):
        return self._locked

    async def acquire(self):
        if not self._locked and (self._waiters is None or
                                 all(w.cancelled() for w in self._waiters)):
            self._locked = True
            return True
        if self._waiters is None:
            self._waiters = deque()
        fut = self._get_loop().create_future()
        self._waiters.append(fut)
        try:
            try:
                await fut
            finally:
                self._waiters.remove(fut)
        except CancelledError:
            if not self._locked:
                self._wake_up_first()
            raise
        self._locked = True
        return True

    def release(self):
        if self._locked:
            self._locked = False
            self._wake_up_first()
        else:
            raise RuntimeError("Lock is not acquired.")

    def _wake_up_first(self):
        if not self._waiters:
            return
        fut = self._waiters[0]
        if not fut.done():
            fut.set_result(True)


class Condition(_ContextManagerMixin, _LoopBound):
    def __init__(self, lock=None):
        if lock is None:
            lock = Lock()
        self._lock = lock
        self.locked = lock.locked
        self.acquire = lock.acquire
        self.release = lock.release
        self._waiters = deque()

    def __repr__(self):
        extra = "locked" if self.locked() else "unlocked"
        if self._waiters:
            extra = "%s, waiters:%d" % (extra, len(self._waiters))
        return _lb_repr(self, extra)

    async def wait(self):
        if not self.locked():
            raise RuntimeError("cannot wait on un-acquired lock")
        self.release()
        try:
            fut = self._get_loop().create_future()
            self._waiters.append(fut)
            try:
                await fut
                return True
            finally:
                self._waiters.remove(fut)
        finally:
            cancelled = False
            while True:
                try:
                    await self.acquire()
                    break
                except CancelledError:
                    cancelled = True
            if cancelled:
                raise CancelledError

    async def wait_for(self, predicate):
        result = predicate()
        while not result:
            await self.wait()
            result = predicate()
        return result

    def notify(self, n=1):
        if not self.locked():
            raise RuntimeError("cannot notify on un-acquired lock")
        idx = 0
        for fut in self._waiters:
            if idx >= n:
                break
            if not fut.done():
                idx += 1
                fut.set_result(False)

    def notify_all(self):
        self.notify(len(self._waiters))


class Semaphore(_ContextManagerMixin, _LoopBound):
    def __init__(self, value=1):
        if value < 0:
            raise ValueError("Semaphore initial value must be >= 0")
        self._waiters = None
        self._value = value

    def __repr__(self):
        extra = "locked" if self.locked() else "unlocked, value:%d" % (self._value,)
        if self._waiters:
            extra = "%s, waiters:%d" % (extra, len(self._waiters))
        return _lb_repr(self, extra)

    def locked(self):
        return self._value == 0 or any(not w.cancelled() for w in (self._waiters or ()))

    async def acquire(self):
        if not self.locked():
            self._value -= 1
            return True
        if self._waiters is None:
            self._waiters = deque()
        fut = self._get_loop().create_future()
        self._waiters.append(fut)
        try:
            try:
                await fut
            finally:
                self._waiters.remove(fut)
        except CancelledError:
            if not fut.cancelled():
                self._value += 1
                self._wake_up_next()
            raise
        if self._value > 0:
            self._wake_up_next()
        return True

    def release(self):
        self._value += 1
        self._wake_up_next()

    def _wake_up_next(self):
        if not self._waiters:
            return
        for fut in self._waiters:
            if not fut.done():
                self._value -= 1
                fut.set_result(True)
                return


class BoundedSemaphore(Semaphore):
    def __init__(self, value=1):
        self._bound_value = value
        Semaphore.__init__(self, value)

    def release(self):
        if self._value >= self._bound_value:
            raise ValueError("BoundedSemaphore released too many times")
        Semaphore.release(self)


# ---- streams and subprocesses (asyncio.streams, asyncio.subprocess), imported at first use --

_LAZY = {"StreamReader": "streams", "StreamWriter": "streams", "open_connection": "streams",
         "start_server": "streams", "Server": "streams", "create_subprocess_exec": "subprocess",
         "create_subprocess_shell": "subprocess"}


def __getattr__(name):
    if name in ("streams", "subprocess"):
        return __import__("asyncio." + name).__dict__[name]
    sub = _LAZY.get(name)
    if sub is None:
        raise AttributeError(f"module 'asyncio' has no attribute '{name}'")
    return getattr(__import__("asyncio." + sub).__dict__[sub], name)
