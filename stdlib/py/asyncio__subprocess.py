"""asyncio.subprocess: create_subprocess_exec / create_subprocess_shell and Process on the
interpreter's libuv loop (docs/ASYNC.md).

_uv.spawn (stdlib/uvloop_stream.c) starts the child with uv_spawn; its pipes are _uv
handles wrapped in asyncio.streams' transports (stdin a StreamWriter, stdout and stderr
StreamReaders), and the process's id comes out of _uv.run_once when the child exits.
As in CPython 3.11, wait() returns once the child has exited and its stdout and stderr
pipes have reached EOF.
"""

import asyncio
import _uv
from asyncio.streams import StreamReader, StreamWriter, _Transport, _DEFAULT_LIMIT

__all__ = ["create_subprocess_exec", "create_subprocess_shell", "Process", "PIPE",
           "STDOUT", "DEVNULL"]

PIPE = -1
STDOUT = -2
DEVNULL = -3


def _stdio(value, name):
    # subprocess's constants, None (inherit) or a file descriptor / file object, as _uv wants
    if value is None:
        return -1
    if value == PIPE:
        return -2
    if value == DEVNULL:
        return -3
    if value == STDOUT:
        if name != "stderr":
            raise ValueError("STDOUT can only be used for stderr")
        return -4
    if isinstance(value, int):
        if value < 0:
            raise ValueError("bad file descriptor: %d" % value)
        return value
    return value.fileno()  # a file (AttributeError otherwise, as CPython's Popen)


def _fspath(p):
    if isinstance(p, (str, bytes)):
        return p.decode() if isinstance(p, bytes) else p
    f = getattr(type(p), "__fspath__", None)
    if f is None:
        raise TypeError("expected str, bytes or os.PathLike object, not " + type(p).__name__)
    return _fspath(f(p))


class Process:
    def __init__(self, loop, pid, proc_id, pipes, limit):
        self._loop = loop
        self.pid = pid
        self._id = proc_id
        self._returncode = None
        self._exit_waiters = []
        self._open_reads = 0
        self.stdin = self.stdout = self.stderr = None
        in_id, out_id, err_id = pipes
        if in_id is not None:
            self.stdin = StreamWriter(_Transport(loop, in_id), None, None, loop)
        for fd, sid in ((1, out_id), (2, err_id)):
            if sid is None:
                continue
            tr = _Transport(loop, sid)
            reader = StreamReader(limit=limit, loop=loop)
            tr._on_lost = self._pipe_done
            tr._close_on_eof = True
            tr._set_reader(reader)
            self._open_reads += 1
            if fd == 1:
                self.stdout = reader
            else:
                self.stderr = reader
        loop._natives[proc_id] = self._on_exit

    def __repr__(self):
        return f"<{self.__class__.__name__} {self.pid}>"

    @property
    def returncode(self):
        return self._returncode

    def _on_exit(self):
        if self._id is None:
            return
        code = _uv.proc_status(self._id)
        if code is None:
            return
        self._returncode = code
        self._loop._natives.pop(self._id, None)
        _uv.close(self._id)
        self._id = None
        self._try_finish()

    def _pipe_done(self):
        self._open_reads -= 1
        self._try_finish()

    def _try_finish(self):
        if self._returncode is None or self._open_reads > 0 or self._exit_waiters is None:
            return
        waiters, self._exit_waiters = self._exit_waiters, None
        if self.stdin is not None:
            self.stdin.close()
        for w in waiters:
            if not w.cancelled():
                w.set_result(self._returncode)

    async def wait(self):
        """Wait until the process exits (and its output pipes end); its return code."""
        if self._exit_waiters is None:
            return self._returncode
        waiter = self._loop.create_future()
        self._exit_waiters.append(waiter)
        return await waiter

    def send_signal(self, signal):
        if self._exit_waiters is None:  # finished (exited, pipes ended): gone, as in CPython
            raise ProcessLookupError()
        if self._id is not None:  # exited, output not read to its end yet: ignored
            _uv.proc_kill(self._id, int(signal))

    def terminate(self):
        self.send_signal(15)

    def kill(self):
        self.send_signal(9)

    async def _feed_stdin(self, input):
        self.stdin.write(input)
        try:
            await self.stdin.drain()
        except (BrokenPipeError, ConnectionResetError):
            pass  # communicate() ignores them, as CPython's
        self.stdin.close()

    async def _noop(self):
        return None

    async def _read_stream(self, stream):
        return await stream.read()

    async def communicate(self, input=None):
        if input is not None:
            stdin = self._feed_stdin(input)
        else:
            stdin = self._noop()
        stdout = self._read_stream(self.stdout) if self.stdout is not None else self._noop()
        stderr = self._read_stream(self.stderr) if self.stderr is not None else self._noop()
        stdin, stdout, stderr = await asyncio.gather(stdin, stdout, stderr)
        await self.wait()
        return (stdout, stderr)


def _spawn(args, stdin, stdout, stderr, limit, cwd, env, kwds):
    for k in kwds:
        if k not in ("close_fds", "start_new_session", "executable", "encoding", "errors",
                     "text", "universal_newlines", "bufsize", "shell"):
            raise TypeError("create_subprocess: unexpected keyword argument %r" % k)
    if kwds.get("universal_newlines") or kwds.get("text") or kwds.get("encoding") or \
            kwds.get("errors"):
        raise ValueError("text mode is not supported" if "text" in kwds or "encoding" in kwds
                         or "errors" in kwds else "universal_newlines must be False")
    if kwds.get("bufsize", 0) != 0:
        raise ValueError("bufsize must be 0")
    loop = asyncio.get_running_loop()
    argv = [_fspath(a) for a in args]
    if kwds.get("executable") is not None:
        argv = [_fspath(kwds["executable"])] + argv[1:]
    envlist = None if env is None else ["%s=%s" % (k, v) for k, v in env.items()]
    cwd = None if cwd is None else _fspath(cwd)
    proc_id, pid, in_id, out_id, err_id = _uv.spawn(
        argv, cwd, envlist, _stdio(stdin, "stdin"), _stdio(stdout, "stdout"),
        _stdio(stderr, "stderr"))
    return Process(loop, pid, proc_id, (in_id, out_id, err_id), limit)


async def create_subprocess_exec(program, *args, stdin=None, stdout=None, stderr=None,
                                 limit=_DEFAULT_LIMIT, cwd=None, env=None, **kwds):
    """Start program with args; a Process (stdin/stdout/stderr streams where PIPE)."""
    return _spawn((program,) + args, stdin, stdout, stderr, limit, cwd, env, kwds)


async def create_subprocess_shell(cmd, stdin=None, stdout=None, stderr=None,
                                  limit=_DEFAULT_LIMIT, cwd=None, env=None, **kwds):
    """Run cmd with /bin/sh -c; a Process."""
    if not isinstance(cmd, (str, bytes)):
        raise ValueError("cmd must be a string")
    return _spawn(("/bin/sh", "-c", cmd), stdin, stdout, stderr, limit, cwd, env, kwds)
