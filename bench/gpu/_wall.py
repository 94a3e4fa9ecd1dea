# _wall.py: the timing both bench/gpu/user_patterns.py (run by krait) and
# user_patterns_torch.py (run by CPython) use, so the two sides are measured alike:
# wall clock around the device's synchronize, median of several runs, after a warm-up.
# best() is the checks' form (profile_check, graph_check and their peers): the fastest of
# reps runs of fn, which synchronizes itself.
import time


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


def wall(fn, sync, reps, inner=1, runs=None):
    """Median seconds per call of fn over reps runs of inner calls, after a warm-up; runs, a
    list, gets the warm-up's seconds and then each run's."""
    t0 = time.perf_counter()
    fn()
    sync()
    warm = time.perf_counter() - t0
    timed = []
    for _ in range(reps):
        t0 = time.perf_counter()
        for _ in range(inner):
            fn()
        sync()
        timed.append((time.perf_counter() - t0) / inner)
    if runs is not None:
        runs.extend([warm] + timed)
    return median(timed)


def best(fn, reps):
    """The fastest of reps runs of fn, in seconds (fn waits for the device itself)."""
    b = 1e9
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        b = min(b, time.perf_counter() - t0)
    return b
