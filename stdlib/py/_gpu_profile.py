"""_gpu_profile: gpu.profile(), a profiler of the GPU work a block of script causes (issue 18,
item 3). Every kernel launch, copy and cuBLASLt matmul is timed with CUDA events on its
stream, every NVRTC compile and kernel-cache load on the host; each record carries the
script line that caused it. The native half is _gpuprof (stdlib/gpu/gpu_profile.c over
gpu/runtime/profile.c). docs/CUDA.md, "Profiling".

    with gpu.profile() as p:            # prints the table at the end of the block
        c = a @ b + 1
    p.save_trace("trace.json")          # chrome://tracing, ui.perfetto.dev

KRAIT_PROFILE=1 (the krait command) profiles a whole script and prints the table on stderr;
KRAIT_PROFILE=path.json also writes the trace there."""
import _gpuprof
import sys

__all__ = ["profile", "Profile", "Record"]


class Record:
    """One recorded step: kind ('kernel', 'copy HtoD', 'copy DtoH', 'copy DtoD', 'matmul',
    'compile', 'load'), name, file and line of the script, start and duration in ms (on the
    profile's timeline), bytes moved, floating-point operations, grid and block."""

    __slots__ = ("kind", "name", "file", "line", "start_ms", "ms", "bytes", "flops", "grid",
                 "block")

    def __init__(self, kind, name, file, line, start_ms, ms, nbytes, flops, grid, block):
        self.kind = kind
        self.name = name
        self.file = file
        self.line = line
        self.start_ms = start_ms
        self.ms = ms
        self.bytes = nbytes
        self.flops = flops
        self.grid = grid
        self.block = block

    def where(self):
        if self.file is None:
            return "?"
        name = self.file.replace("\\", "/").split("/")[-1]
        return "%s:%d" % (name, self.line)

    def __repr__(self):
        return "Record(%s %s at %s, %.4f ms)" % (self.kind, self.name, self.where(), self.ms)


def _rate(nbytes, flops, ms):
    """The achieved rate of a group: FLOP/s where the work is known, else bytes/s."""
    if ms <= 0:
        return ""
    if flops:
        return "%.1f TFLOP/s" % (flops / ms / 1e9)
    if nbytes:
        return "%.1f GB/s" % (nbytes / ms / 1e6)
    return ""


class Profile:
    """The records of one profiled block: .records, .summary(), .table(), .trace(),
    .save_trace(path). Used as a context manager (gpu.profile() makes one)."""

    def __init__(self, print_table=True, trace=None, file=None, nvtx=True, name="gpu.profile"):
        self.records = []
        self._nvtx = nvtx
        self._name = name
        self._nvtx_was = None
        self.backend = None
        self._print = print_table
        self._trace = trace
        self._file = file
        self._running = False
        self._first = None

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, et, ev, tb):
        self.stop()
        if self._trace is not None:
            self.save_trace(self._trace)
        if self._print:
            out = self._file if self._file is not None else sys.stdout
            out.write(self.table() + "\n")
        return False

    def start(self):
        if self._running:
            raise RuntimeError("this profile is already running")
        self.records = []
        self._first = _gpuprof.start()
        self.backend = "cpu" if self._first is None else "cuda"
        self._running = True
        if self._nvtx and _gpuprof.nvtx_available():
            # the block is one NVTX range, each record one inside it (Nsight's timeline)
            _gpuprof.nvtx_push(self._name)
            self._nvtx_was = _gpuprof.nvtx_record_ranges(True)
        return self

    def stop(self):
        if not self._running:
            return self
        self._running = False
        if self._nvtx_was is not None:
            _gpuprof.nvtx_record_ranges(self._nvtx_was)
            self._nvtx_was = None
            _gpuprof.nvtx_pop()
        if self._first is not None:
            self.records = [Record(*r) for r in _gpuprof.stop(self._first)]
        return self

    def summary(self):
        """Groups of (kind, name, file:line): a list of dicts with count, total_ms, mean_ms,
        bytes, flops, sorted by total time, largest first."""
        groups = {}
        order = []
        for r in self.records:
            key = (r.kind, r.name, r.where())
            g = groups.get(key)
            if g is None:
                g = {"kind": r.kind, "name": r.name, "where": key[2], "count": 0,
                     "total_ms": 0.0, "bytes": 0, "flops": 0.0}
                groups[key] = g
                order.append(key)
            g["count"] += 1
            g["total_ms"] += r.ms
            g["bytes"] += r.bytes
            g["flops"] += r.flops
        out = [groups[k] for k in order]
        for g in out:
            g["mean_ms"] = g["total_ms"] / g["count"]
        out.sort(key=lambda g: -g["total_ms"])
        return out

    def total_ms(self):
        return sum(r.ms for r in self.records)

    def table(self):
        """The summary as text, one line per group."""
        if not self.records:
            if self.backend == "cpu":
                return "gpu.profile: the CPU backend runs no CUDA work: nothing recorded"
            return "gpu.profile: nothing recorded"
        rows = [("total ms", "count", "mean us", "kind", "name", "where", "rate")]
        for g in self.summary():
            rows.append(("%.3f" % g["total_ms"], str(g["count"]), "%.1f" % (g["mean_ms"] * 1e3),
                         g["kind"], g["name"], g["where"],
                         _rate(g["bytes"], g["flops"], g["total_ms"])))
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        lines = []
        for n, row in enumerate(rows):
            cells = []
            for i, cell in enumerate(row):
                cells.append(cell.rjust(widths[i]) if i < 3 else cell.ljust(widths[i]))
            lines.append("  ".join(cells).rstrip())
            if n == 0:
                lines.append("-" * len(lines[0]))
        lines.append("%d records, %.3f ms in all" % (len(self.records), self.total_ms()))
        return "\n".join(lines)

    def trace(self):
        """The records as a Chrome trace (the JSON object format): device work on one row
        per kind, host steps (compiles, loads) on another."""
        events = []
        for r in self.records:
            host = r.kind in ("compile", "load")
            args = {"where": r.where()}
            if r.bytes:
                args["bytes"] = r.bytes
            if r.flops:
                args["flops"] = r.flops
            if r.kind == "kernel":
                args["grid"] = list(r.grid)
                args["block"] = list(r.block)
            events.append({"name": r.name, "cat": r.kind, "ph": "X", "pid": 1,
                           "tid": 2 if host else 1, "ts": r.start_ms * 1e3, "dur": r.ms * 1e3,
                           "args": args})
        events.append({"name": "thread_name", "ph": "M", "pid": 1, "tid": 1,
                       "args": {"name": "GPU (CUDA events)"}})
        events.append({"name": "thread_name", "ph": "M", "pid": 1, "tid": 2,
                       "args": {"name": "host (NVRTC, kernel cache)"}})
        return {"traceEvents": events, "displayTimeUnit": "ms"}

    def save_trace(self, path):
        import json
        with open(path, "w") as f:
            json.dump(self.trace(), f)


def profile(print=True, trace=None, file=None, nvtx=True, name="gpu.profile"):
    """A context manager that records the GPU work of its block: prints the table at its end
    (print=False: not), writes a Chrome trace to `trace` (a path) when given; `file`: where
    the table goes (sys.stdout). Where the NVTX library loads (gpu.nvtx.available()), the
    block is an NVTX range called `name` and each record a range inside it named as the
    table names it, for Nsight Systems (nvtx=False: none)."""
    return Profile(print, trace, file, nvtx, name)


_whole = None


def _whole_start():
    """KRAIT_PROFILE: the krait command starts a profile before the script..."""
    global _whole
    _whole = Profile(False)
    _whole.start()


def _whole_end(setting):
    """...and ends it after, the table on stderr, the trace written when the setting is a
    path (anything but 1)."""
    global _whole
    p = _whole
    _whole = None
    if p is None:
        return
    p.stop()
    sys.stderr.write(p.table() + "\n")
    if setting not in ("1", "true", "yes", "on"):
        p.save_trace(setting)
        sys.stderr.write("gpu.profile: trace written to %s\n" % setting)
