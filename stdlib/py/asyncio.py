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
           "TimeoutError", "InvalidStateError"]


class CancelledError(BaseException):
    """The Future or Task was cancelled."""


TimeoutError = TimeoutError  # an alias of the builtin since 3.11


class InvalidStateError(Exception):
    """The operation is not allowed in this state."""


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
        self._ready = deque()
        self._timers = {}
        self._waits = {}  # completion id (uvloop.h) -> (future, stream)
        self._stopping = False
        self._closed = False
        self._unretrieved = []  # tasks that finished with an exception nobody read yet

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

    def run_forever(self):
        self._check_closed()
        if _running_loop[0] is not None:
            raise RuntimeError("Cannot run the event loop while another loop is running")
        _running_loop[0] = self
        try:
            while True:
                self._run_once()
                if self._stopping:
                    break
        finally:
            self._stopping = False
            _running_loop[0] = None

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

    def _run_once(self):
        block = not self._ready and not self._stopping
        for tid in _uv.run_once(block):
            h = self._timers.pop(tid, None)
            if h is not None:
                h._id = None
                self._ready.append(h)
            elif tid in self._waits:
                fut, stream = self._waits.pop(tid)
                self._ready.append(Handle(_complete_wait, (fut, stream), self))
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


def _native_wait(wait_id, stream):
    # gpu Stream.done(): wait_id None: the work is already complete (the CPU backend)
    loop = get_running_loop()
    fut = loop.create_future()
    if wait_id is None:
        fut.set_result(None)
    else:
        loop._waits[wait_id] = (fut, stream)
    return fut


def _complete_wait(fut, stream):
    if fut.cancelled():
        return
    try:
        stream.synchronize()  # the host callback carries no error: a device fault raises here
    except Exception as exc:
        fut.set_exception(exc)
    else:
        fut.set_result(None)


def get_running_loop():
    loop = _running_loop[0]
    if loop is None:
        raise RuntimeError("no running event loop")
    return loop


def get_event_loop():
    loop = _running_loop[0]
    if loop is None:
        raise RuntimeError("There is no current event loop")
    return loop


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
        if name is None:
            _task_counter[0] += 1
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
        raise TypeError("An asyncio.Future, a coroutine or an awaitable is required")
    if loop is None:
        loop = get_event_loop()
    return loop.create_task(coro_or_future)


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
