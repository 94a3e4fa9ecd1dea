"""asyncio.streams: StreamReader, StreamWriter, open_connection and start_server on the
interpreter's libuv loop (docs/ASYNC.md).

The reader is CPython 3.11's StreamReader; the transport under it is a libuv handle of
_uv (stdlib/uvloop_stream.c: a pipe or a TCP connection), an id that _uv.run_once returns
whenever something happened to it, whereupon the transport asks _uv.stream_poll what (the
bytes read, EOF, an error, the bytes still queued for writing). There is no protocol layer:
the transport feeds its reader and wakes the writer's drain itself.
"""

import asyncio
import _uv
from asyncio import IncompleteReadError, LimitOverrunError

__all__ = ["StreamReader", "StreamWriter", "open_connection", "start_server", "Server"]

_DEFAULT_LIMIT = 2 ** 16  # 64 KiB
_HIGH_WATER = 64 * 1024  # drain() waits while more than this is queued for writing,
_LOW_WATER = 16 * 1024  # until it is under this (CPython's defaults)


def _os_error(code, message=None):
    return OSError(code, message if message is not None else _uv.strerror(code))


class _Transport:
    """A pipe or a TCP connection of _uv: reads into its reader, writes, closes."""

    def __init__(self, loop, sid, extra=None):
        self._loop = loop
        self._sid = sid
        self._reader = None
        self._closing = False
        self._eof_written = False
        self._read_done = False  # EOF or an error reached the reader
        self._exc = None  # the connection's error, raised by drain()
        self._queued = 0
        self._drain_waiter = None
        self._connect_waiter = None
        self._close_waiters = []
        self._closed = False
        self._on_lost = None  # called once, when the read side is done or on close
        self._close_on_eof = False  # a child's stdout/stderr pipe: nothing after EOF
        self._extra = {} if extra is None else extra
        loop._natives[sid] = self._on_event

    def __repr__(self):
        return "<_Transport %s>" % ("closed" if self._closed else
                                    "closing" if self._closing else "open")

    def _set_reader(self, reader):
        self._reader = reader
        reader.set_transport(self)
        _uv.read_start(self._sid)

    def _on_event(self):
        if self._sid is None:
            return
        connected, data, eof, err, queued = _uv.stream_poll(self._sid)
        self._queued = queued
        if self._connect_waiter is not None:
            if not connected:
                return
            waiter, self._connect_waiter = self._connect_waiter, None
            if not waiter.cancelled():
                if err:
                    waiter.set_exception(_os_error(err, "Connect call failed %r" % (
                        self._extra.get("peername"),)))
                else:
                    waiter.set_result(None)
            return
        reader = self._reader
        if data and reader is not None and not self._read_done:
            reader.feed_data(data)
        if err:
            exc = _os_error(err)
            if self._exc is None:
                self._exc = exc
            self._end_read(exc)
            self._wake_drain(exc)
            self.close()
            return
        if eof:
            self._end_read(None)
            if self._close_on_eof:
                self.close()
                return
        if self._drain_waiter is not None and queued <= _LOW_WATER:
            self._wake_drain(None)

    def _end_read(self, exc):
        if self._read_done:
            return
        self._read_done = True
        if self._reader is not None:
            if exc is None:
                self._reader.feed_eof()
            else:
                self._reader.set_exception(exc)
        if self._on_lost is not None:
            self._on_lost()

    def _wake_drain(self, exc):
        waiter, self._drain_waiter = self._drain_waiter, None
        if waiter is not None and not waiter.done():
            if exc is None:
                waiter.set_result(None)
            else:
                waiter.set_exception(exc)

    # ---- the transport API StreamWriter and users see ----

    def get_extra_info(self, name, default=None):
        return self._extra.get(name, default)

    def is_closing(self):
        return self._closing

    def write(self, data):
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise TypeError("data argument must be a bytes-like object, not %r"
                            % type(data).__name__)
        if self._eof_written:
            raise RuntimeError("Cannot call write() after write_eof()")
        if not data or self._closing or self._exc is not None:
            return
        self._queued = _uv.write(self._sid, bytes(data))

    def writelines(self, list_of_data):
        self.write(b"".join(list_of_data))

    def write_eof(self):
        if self._closing or self._eof_written:
            return
        self._eof_written = True
        _uv.shutdown(self._sid)

    def can_write_eof(self):
        return True

    def get_write_buffer_size(self):
        return self._queued

    def pause_reading(self):
        if self._sid is not None:
            _uv.read_stop(self._sid)

    def resume_reading(self):
        if self._sid is not None and not self._read_done:
            _uv.read_start(self._sid)

    def close(self):
        if self._closing:
            return
        self._closing = True
        sid, self._sid = self._sid, None
        self._loop._natives.pop(sid, None)
        _uv.close(sid)  # what was written is flushed first
        self._loop.call_soon(self._call_connection_lost)

    def abort(self):
        self.close()

    def _call_connection_lost(self):
        self._end_read(None)
        self._wake_drain(self._exc or ConnectionResetError("Connection lost"))
        self._closed = True
        waiters, self._close_waiters = self._close_waiters, []
        for w in waiters:
            if not w.done():
                w.set_result(None)

    async def _wait_closed(self):
        if self._closed:
            return
        w = self._loop.create_future()
        self._close_waiters.append(w)
        await w

    async def _drain(self):
        if self._exc is not None:
            raise self._exc
        if self._closing:
            await asyncio.sleep(0)
            if self._closed:
                raise ConnectionResetError("Connection lost")
            return
        if self._queued <= _HIGH_WATER:
            return
        if self._drain_waiter is None:
            self._drain_waiter = self._loop.create_future()
        await self._drain_waiter


class StreamReader:
    """CPython 3.11's StreamReader."""

    def __init__(self, limit=_DEFAULT_LIMIT, loop=None):
        if limit <= 0:
            raise ValueError("Limit cannot be <= 0")
        self._limit = limit
        self._loop = asyncio.get_event_loop() if loop is None else loop
        self._buffer = bytearray()
        self._eof = False
        self._waiter = None
        self._exception = None
        self._transport = None
        self._paused = False

    def __repr__(self):
        info = ["StreamReader"]
        if self._buffer:
            info.append(f"{len(self._buffer)} bytes")
        if self._eof:
            info.append("eof")
        if self._limit != _DEFAULT_LIMIT:
            info.append(f"limit={self._limit}")
        if self._waiter:
            info.append(f"waiter={self._waiter!r}")
        if self._exception:
            info.append(f"exception={self._exception!r}")
        if self._transport:
            info.append(f"transport={self._transport!r}")
        if self._paused:
            info.append("paused")
        return "<{}>".format(" ".join(info))

    def exception(self):
        return self._exception

    def set_exception(self, exc):
        self._exception = exc
        waiter = self._waiter
        if waiter is not None:
            self._waiter = None
            if not waiter.cancelled():
                waiter.set_exception(exc)

    def _wakeup_waiter(self):
        waiter = self._waiter
        if waiter is not None:
            self._waiter = None
            if not waiter.cancelled():
                waiter.set_result(None)

    def set_transport(self, transport):
        assert self._transport is None, "Transport already set"
        self._transport = transport

    def _maybe_resume_transport(self):
        if self._paused and len(self._buffer) <= self._limit:
            self._paused = False
            self._transport.resume_reading()

    def feed_eof(self):
        self._eof = True
        self._wakeup_waiter()

    def at_eof(self):
        return self._eof and not self._buffer

    def feed_data(self, data):
        assert not self._eof, "feed_data after feed_eof"
        if not data:
            return
        self._buffer.extend(data)
        self._wakeup_waiter()
        if (self._transport is not None and not self._paused and
                len(self._buffer) > 2 * self._limit):
            self._transport.pause_reading()
            self._paused = True

    async def _wait_for_data(self, func_name):
        if self._waiter is not None:
            raise RuntimeError(
                f"{func_name}() called while another coroutine is "
                f"already waiting for incoming data")
        assert not self._eof, "_wait_for_data after EOF"
        if self._paused:
            self._paused = False
            self._transport.resume_reading()
        self._waiter = self._loop.create_future()
        try:
            await self._waiter
        finally:
            self._waiter = None

    async def readline(self):
        sep = b"\n"
        seplen = len(sep)
        try:
            line = await self.readuntil(sep)
        except IncompleteReadError as e:
            return e.partial
        except LimitOverrunError as e:
            if self._buffer.startswith(sep, e.consumed):
                del self._buffer[:e.consumed + seplen]
            else:
                self._buffer.clear()
            self._maybe_resume_transport()
            raise ValueError(e.args[0])
        return line

    async def readuntil(self, separator=b"\n"):
        seplen = len(separator)
        if seplen == 0:
            raise ValueError("Separator should be at least one-byte string")
        if self._exception is not None:
            raise self._exception
        offset = 0
        while True:
            buflen = len(self._buffer)
            if buflen - offset >= seplen:
                isep = self._buffer.find(separator, offset)
                if isep != -1:
                    break
                offset = buflen + 1 - seplen
                if offset > self._limit:
                    raise LimitOverrunError(
                        "Separator is not found, and chunk exceed the limit", offset)
            if self._eof:
                chunk = bytes(self._buffer)
                self._buffer.clear()
                raise IncompleteReadError(chunk, None)
            await self._wait_for_data("readuntil")
        if isep > self._limit:
            raise LimitOverrunError("Separator is found, but chunk is longer than limit", isep)
        chunk = self._buffer[:isep + seplen]
        del self._buffer[:isep + seplen]
        self._maybe_resume_transport()
        return bytes(chunk)

    async def read(self, n=-1):
        if self._exception is not None:
            raise self._exception
        if n == 0:
            return b""
        if n < 0:
            blocks = []
            while True:
                block = await self.read(self._limit)
                if not block:
                    break
                blocks.append(block)
            return b"".join(blocks)
        if not self._buffer and not self._eof:
            await self._wait_for_data("read")
        data = bytes(self._buffer[:n])
        del self._buffer[:n]
        self._maybe_resume_transport()
        return data

    async def readexactly(self, n):
        if n < 0:
            raise ValueError("readexactly size can not be less than zero")
        if self._exception is not None:
            raise self._exception
        if n == 0:
            return b""
        while len(self._buffer) < n:
            if self._eof:
                incomplete = bytes(self._buffer)
                self._buffer.clear()
                raise IncompleteReadError(incomplete, n)
            await self._wait_for_data("readexactly")
        if len(self._buffer) == n:
            data = bytes(self._buffer)
            self._buffer.clear()
        else:
            data = bytes(self._buffer[:n])
            del self._buffer[:n]
        self._maybe_resume_transport()
        return data

    def __aiter__(self):
        return self

    async def __anext__(self):
        val = await self.readline()
        if val == b"":
            raise StopAsyncIteration
        return val


class StreamWriter:
    """CPython's StreamWriter over a _uv transport."""

    def __init__(self, transport, protocol, reader, loop):
        self._transport = transport
        self._protocol = protocol
        self._reader = reader
        self._loop = loop

    def __repr__(self):
        info = [self.__class__.__name__, f"transport={self._transport!r}"]
        if self._reader is not None:
            info.append(f"reader={self._reader!r}")
        return "<{}>".format(" ".join(info))

    @property
    def transport(self):
        return self._transport

    def write(self, data):
        self._transport.write(data)

    def writelines(self, data):
        self._transport.writelines(data)

    def write_eof(self):
        return self._transport.write_eof()

    def can_write_eof(self):
        return self._transport.can_write_eof()

    def close(self):
        return self._transport.close()

    def is_closing(self):
        return self._transport.is_closing()

    async def wait_closed(self):
        await self._transport._wait_closed()

    def get_extra_info(self, name, default=None):
        return self._transport.get_extra_info(name, default)

    async def drain(self):
        if self._reader is not None:
            exc = self._reader.exception()
            if exc is not None:
                raise exc
        await self._transport._drain()


def _tcp_extra(sid):
    return {"peername": _uv.peername(sid), "sockname": _uv.sockname(sid)}


async def open_connection(host=None, port=None, *, limit=_DEFAULT_LIMIT, **kwds):
    """A TCP connection to host:port: (reader, writer)."""
    loop = asyncio.get_running_loop()
    if host is None:
        host = "localhost"
    sid = _uv.tcp_connect(host, port)
    transport = _Transport(loop, sid, {"peername": (host, port)})
    waiter = transport._connect_waiter = loop.create_future()
    try:
        await waiter
    except BaseException:
        transport.close()
        raise
    transport._extra = _tcp_extra(sid)
    reader = StreamReader(limit=limit, loop=loop)
    transport._set_reader(reader)
    return reader, StreamWriter(transport, None, reader, loop)


class _ServerSocket:
    """What Server.sockets holds: enough of a socket to ask where it listens."""

    def __init__(self, name):
        self._name = name

    def getsockname(self):
        return self._name

    def __repr__(self):
        return "<asyncio.TransportSocket laddr=%r>" % (self._name,)


class Server:
    """start_server's result (CPython 3.11's asyncio.Server)."""

    def __init__(self, loop, sid, name, client_connected_cb, limit):
        self._loop = loop
        self._sid = sid
        self._name = name
        self._cb = client_connected_cb
        self._limit = limit
        self._serving = False
        self._serving_forever_fut = None
        self._active_count = 0
        self._waiters = []
        loop._natives[sid] = self._on_event

    def __repr__(self):
        return f"<{self.__class__.__name__} sockets={self.sockets!r}>"

    def get_loop(self):
        return self._loop

    @property
    def sockets(self):
        if self._sid is None:
            return ()
        return (_ServerSocket(self._name),)

    def is_serving(self):
        return self._serving

    def _on_event(self):
        while self._sid is not None:
            cid = _uv.accept(self._sid)
            if cid is None:
                return
            if not self._serving:
                _uv.close(cid)
                continue
            self._connection(cid)

    def _connection(self, cid):
        loop = self._loop
        transport = _Transport(loop, cid, _tcp_extra(cid))
        reader = StreamReader(limit=self._limit, loop=loop)
        writer = StreamWriter(transport, None, reader, loop)
        self._active_count += 1
        transport._on_lost = self._detach
        transport._set_reader(reader)
        res = self._cb(reader, writer)
        if asyncio.iscoroutine(res):
            loop.create_task(res)

    def _detach(self):
        self._active_count -= 1
        if self._active_count == 0 and self._sid is None:
            self._wakeup()

    def _wakeup(self):
        waiters, self._waiters = self._waiters, None
        for w in waiters or ():
            if not w.done():
                w.set_result(None)

    def close(self):
        sid = self._sid
        if sid is None:
            return
        self._sid = None
        self._serving = False
        self._loop._natives.pop(sid, None)
        _uv.close(sid)
        if (self._serving_forever_fut is not None and
                not self._serving_forever_fut.done()):
            self._serving_forever_fut.cancel()
            self._serving_forever_fut = None
        if self._active_count == 0:
            self._wakeup()

    async def start_serving(self):
        self._serving = True

    async def serve_forever(self):
        if self._serving_forever_fut is not None:
            raise RuntimeError(f"server {self!r} is already being awaited on serve_forever()")
        if self._sid is None:
            raise RuntimeError(f"server {self!r} is closed")
        self._serving = True
        self._serving_forever_fut = self._loop.create_future()
        try:
            await self._serving_forever_fut
        except asyncio.CancelledError:
            try:
                self.close()
                await self.wait_closed()
            finally:
                raise
        finally:
            self._serving_forever_fut = None

    async def wait_closed(self):
        if self._sid is None or self._waiters is None:
            return
        waiter = self._loop.create_future()
        self._waiters.append(waiter)
        await waiter

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        self.close()
        await self.wait_closed()


async def start_server(client_connected_cb, host=None, port=None, *, limit=_DEFAULT_LIMIT,
                       backlog=100, start_serving=True, **kwds):
    """A TCP server on host:port calling client_connected_cb(reader, writer) (a coroutine
    function's coroutine becomes a task) for each client."""
    loop = asyncio.get_running_loop()
    try:
        sid, name = _uv.tcp_listen(host, 0 if port is None else port, backlog)
    except OSError as err:
        if err.errno is None:  # not the bind's (the sandbox's PermissionError)
            raise
        addr = ("0.0.0.0" if host is None else host, 0 if port is None else port)
        raise OSError(err.errno, "error while attempting to bind on address %r: %s"
                      % (addr, err.strerror.lower())) from None
    server = Server(loop, sid, name, client_connected_cb, limit)
    if start_serving:
        server._serving = True
    return server
