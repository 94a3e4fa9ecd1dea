"""tile.tune (also cuda.tile.tune, ct.tune): cuTile's exhaustive_search over kernel
configurations, with its result kept in the disk cache beside the JIT's CUBINs.

    result = ct.tune.exhaustive_search(search_space, stream, grid_fn, kernel, args_fn,
                                       hints_fn=None, quiet=False, cache=True)
    cfg = result.best.config

The configurations are compiled at once on libuv's thread pool (ct.compile_async; one by
one at their first launch inside a running event loop), each is launched twice, then timed with CUDA events in
batches until its mean is known within 1% (or 0.5 us, or 1000 samples, or 2 s of launches);
the fastest mean wins. Configurations whose compile or launch raises are kept in
`result.failures`. The result goes to <cache>/tune-v1/<key>.txt, the key being the SHA-256
of the device, every configuration with its grid and hints, the arguments' dtypes, shapes,
strides and scalar values, and the CUDA C each configuration lowers to (ct.compile): a
second run with the same kernel, krait lowering, shapes and search space reads the result
and launches nothing (`result.cached` is True); any change to those searches again.
cache=False always searches and writes nothing; cache="folder" keeps the results there
instead. Without a disk cache (the CPU backend, or KRAIT_CACHE_DIR empty) and no folder
given, every call searches.

Unlike cuTile's, `single_run_timeout_sec` is accepted and ignored (a launch that hangs is
stopped by KRAIT_KERNEL_TIMEOUT's watchdog instead). args_fn is called once per timed batch
(so an in-place kernel can be given fresh buffers) and once per configuration for the key.
"""
import hashlib
import math
import os

import _tile
import gpu

_WARM_UP = 2
_BATCH = 5
_MIN_SAMPLES = 5
_MAX_SAMPLES = 1000
_MAX_MEASURE_US = 2000000.0


class Measurement:
    """A configuration and its timing: mean_us, num_samples, error_margin_us (half of the
    95% confidence interval)."""

    def __init__(self, config, mean_us, num_samples, error_margin_us):
        self.config = config
        self.mean_us = mean_us
        self.num_samples = num_samples
        self.error_margin_us = error_margin_us

    def __repr__(self):
        return (f"Measurement(config={self.config!r}, mean_us={self.mean_us:.3f}, "
                f"num_samples={self.num_samples}, error_margin_us={self.error_margin_us:.3f})")


class TuningResult:
    """best (a Measurement), successes (one per configuration that ran), failures
    ((config, exception type, message) per configuration that raised); cached: whether it
    was read from the disk cache instead of searched."""

    def __init__(self, best, successes, failures, cached=False):
        self.best = best
        self.successes = tuple(successes)
        self.failures = tuple(failures)
        self.cached = cached

    def summary(self, *, top_k=10, bottom_k=2):
        ranked = sorted(self.successes, key=lambda m: m.mean_us)
        lines = [f"{len(ranked)} succeeded, {len(self.failures)} failed"
                 + (" (from the disk cache)" if self.cached else "")]
        skip_from, skip_to = top_k, len(ranked) - bottom_k
        if skip_to - skip_from == 1:
            skip_from += 1
        for i, m in enumerate(ranked):
            if skip_from <= i < skip_to:
                if i == skip_from:
                    lines.append(f"    ... {skip_to - skip_from} more not shown")
                continue
            mark = "*" if m is self.best else " "
            lines.append(f"{mark} {m.config!r}: {m.mean_us:.1f}±{m.error_margin_us:.1f} us "
                         f"({m.num_samples} samples)")
        if self.failures:
            lines.append(f"  {len(self.failures)} failed:")
            for cfg, typ, msg in self.failures[:top_k]:
                first = msg.split("\n", 1)[0]
                if len(first) > 60:
                    first = first[:57] + "..."
                lines.append(f"    {cfg!r}: {typ.__name__}: {first}")
        return "\n".join(lines)

    def __str__(self):
        return self.summary()


class _Candidate:
    def __init__(self, config, grid, kernel, get_args):
        self.config = config
        self.grid = grid
        self.kernel = kernel
        self.get_args = get_args
        self.n = 0
        self.mean = 0.0
        self.m2 = 0.0
        self.err = 0.0

    def batch(self, stream, count):
        for _ in range(min(count, _MAX_SAMPLES - self.n)):
            args = self.get_args()
            start = gpu.Event()
            end = gpu.Event()
            on = () if stream is gpu.Stream.default else (stream,)
            start.record(*on)
            _tile.launch(stream, self.grid, self.kernel, args)
            end.record(*on)
            end.synchronize()
            self.add(start.elapsed_time(end) * 1000.0)

    def add(self, us):
        # Welford's running mean and variance
        self.n += 1
        old = self.mean
        self.mean += (us - old) / self.n
        self.m2 += (us - old) * (us - self.mean)
        if self.n > 1:
            self.err = math.sqrt(self.m2 / (self.n - 1) / self.n) * 1.96

    def converged(self):
        return self.n >= _MIN_SAMPLES and (self.err <= 0.01 * self.mean or self.err <= 0.5
                                           or self.n >= _MAX_SAMPLES
                                           or self.mean * self.n > _MAX_MEASURE_US)

    def measurement(self):
        return Measurement(self.config, self.mean, self.n, self.err)


def _grid3(grid):
    grid = tuple(grid) if isinstance(grid, (tuple, list)) else (grid,)
    return grid + (1,) * (3 - len(grid))


def _describe(value):
    # what of an argument can change the best configuration: an array's dtype, shape and
    # strides; any other value itself
    if isinstance(value, gpu.ndarray):
        return f"array({value.dtype},{value.shape},{value.strides})"
    return repr(value)


def _kernel_for(kernel, hints_fn, cfg):
    k = kernel if isinstance(kernel, _tile.KernelType) else kernel(cfg)
    hints = hints_fn(cfg) if hints_fn is not None else {}
    return k.replace_hints(**hints) if hints else k, hints


def _key(search_space, grid_fn, kernel, args_fn, hints_fn):
    h = hashlib.sha256()
    h.update(f"tune-v1 {gpu.backend()} {gpu.device().get('name', '')}\n".encode())
    for cfg in search_space:
        try:
            k, hints = _kernel_for(kernel, hints_fn, cfg)
            args = tuple(args_fn(cfg))
            h.update(f"{cfg!r} {_grid3(grid_fn(cfg))} {sorted(hints.items())!r} "
                     f"{k.__name__} {[_describe(a) for a in args]}\n".encode())
            h.update(_tile.compile(k, args).encode())
        except Exception as e:  # the search records it as this configuration's failure
            h.update(f"{cfg!r} {type(e).__name__}: {e}\n".encode())
    return h.hexdigest()


def _precompile(search_space, kernel, args_fn, hints_fn):
    # NVRTC for every configuration at once on libuv's thread pool (ct.compile_async), so
    # the search's first launches find them compiled; inside a running event loop (where
    # asyncio.run cannot start) they compile one by one at their first launch instead
    import asyncio
    import tile

    async def compile_all():
        jobs = []
        for cfg in search_space:
            try:
                k, _ = _kernel_for(kernel, hints_fn, cfg)
                jobs.append(tile.compile_async(k, tuple(args_fn(cfg))))
            except Exception:
                pass  # the search records it
        await asyncio.gather(*jobs, return_exceptions=True)

    try:
        asyncio.run(compile_all())
    except RuntimeError:
        pass


def _cache_read(path, search_space):
    try:
        with open(path) as f:
            lines = f.read().split("\n")
    except OSError:
        return None
    successes, failures, best = [], [], None
    for line in lines:
        parts = line.split("\t")
        if len(parts) < 3 or not parts[1].isdigit() or int(parts[1]) >= len(search_space):
            continue
        i = int(parts[1])
        cfg = search_space[i]
        if parts[-1] != repr(cfg):  # the configuration stored is not this one
            return None
        if parts[0] in ("best", "ok") and len(parts) == 6:
            m = Measurement(cfg, float(parts[2]), int(parts[3]), float(parts[4]))
            successes.append(m)
            if parts[0] == "best":
                best = m
        elif parts[0] == "fail" and len(parts) == 5:
            failures.append((cfg, RuntimeError, parts[3] + ": " + parts[2]))
    if best is None:
        return None
    return TuningResult(best, successes, failures, cached=True)


def _clean(text):
    return text.replace("\t", " ").replace("\n", " ")


def _cache_write(path, result, search_space):
    index = {id(c): i for i, c in enumerate(search_space)}
    rows = []
    for m in result.successes:
        tag = "best" if m is result.best else "ok"
        rows.append(f"{tag}\t{index[id(m.config)]}\t{m.mean_us!r}\t{m.num_samples}\t"
                    f"{m.error_margin_us!r}\t{m.config!r}")
    for cfg, typ, msg in result.failures:
        rows.append(f"fail\t{index[id(cfg)]}\t{_clean(msg)}\t{typ.__name__}\t{cfg!r}")
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = f"{path}.{os.getpid()}.tmp"
        with open(tmp, "w") as f:
            f.write("\n".join(rows) + "\n")
        os.replace(tmp, path)  # whole or absent: a reader never sees half a file
    except OSError:
        pass  # the cache is an optimisation: never fatal


def exhaustive_search(search_space, stream, grid_fn, kernel, args_fn, hints_fn=None, *,
                      quiet=False, single_run_timeout_sec=None, cache=True):
    """Time kernel at every configuration of search_space and return a TuningResult (see
    the module's doc). grid_fn(cfg): the launch grid; kernel: a tile kernel or a function
    of cfg returning one; args_fn(cfg): the launch arguments; hints_fn(cfg): a dict for
    kernel.replace_hints (num_ctas, occupancy, opt_level, num_worker_warps)."""
    search_space = list(search_space)
    if not search_space:
        raise ValueError("Search space is empty.")
    if not callable(grid_fn) or not callable(args_fn):
        raise TypeError("exhaustive_search(): grid_fn and args_fn must be callable")
    if stream is None:
        stream = gpu.Stream.default
    path = None
    if cache:
        root = cache if isinstance(cache, str) else _tile.tune_dir()
        if root is not None:
            key = _key(search_space, grid_fn, kernel, args_fn, hints_fn)
            path = os.path.join(root, key[:2], key + ".txt")
            result = _cache_read(path, search_space)
            if result is not None:
                if not quiet:
                    print(result)
                return result
    if gpu.backend() == "cuda" and len(search_space) > 1:
        _precompile(search_space, kernel, args_fn, hints_fn)
    running, done, failures = [], [], []
    for cfg in search_space:
        try:
            k, _ = _kernel_for(kernel, hints_fn, cfg)
            c = _Candidate(cfg, _grid3(grid_fn(cfg)), k, lambda cfg=cfg: tuple(args_fn(cfg)))
            for _ in range(_WARM_UP):
                _tile.launch(stream, c.grid, c.kernel, c.get_args())
            gpu.synchronize()
            c.batch(stream, _BATCH)
        except Exception as e:
            failures.append((cfg, type(e), str(e)))
            continue
        (done if c.converged() else running).append(c)
    # the fastest first: sample each until it converges or cannot beat the best converged
    running.sort(key=lambda c: c.mean)
    for c in running:
        try:
            while not c.converged():
                best = min((d.mean for d in done), default=math.inf)
                if c.mean - c.err > best:
                    break
                c.batch(stream, _BATCH)
        except Exception as e:
            failures.append((c.config, type(e), str(e)))
            continue
        done.append(c)
    if not done:
        cfg, typ, msg = failures[0]
        raise ValueError(f"No valid config found in search space.\nConfig: {cfg!r}\n"
                         f"{typ.__name__}: {msg}")
    successes = [c.measurement() for c in done]
    best = min(successes, key=lambda m: m.mean_us)
    result = TuningResult(best, successes, failures)
    if path is not None:
        _cache_write(path, result, search_space)
    if not quiet:
        print(result)
    return result
