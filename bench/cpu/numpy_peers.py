#!/usr/bin/env python3
"""numpy_peers.py: the CPU backend against NumPy on this machine, in one run. Runs
bench/cpu/patterns.py (one script for both) under krait with KRAIT_DEVICE=cpu and under this
python3 with NumPy, alternating, ROUNDS times; each run reports the median of REPS timings
per pattern, and the table gives the median over the rounds, krait's time over NumPy's.

    python3 bench/cpu/numpy_peers.py [path/to/krait] [--rounds 3] [--reps 7]

Prints a Markdown table (docs/PERFORMANCE.md keeps one) and the machine's load average,
which matters on a shared machine: both sides run under the same load, alternately."""
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def run(cmd, env):
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    res = {}
    for line in out.stdout.splitlines():
        name, t = line.rsplit("\t", 1)
        res[name] = float(t)
    return res


def main(argv):
    krait = os.path.join(ROOT, "build", "krait")
    rounds, reps = 3, 7
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--rounds":
            rounds = int(args.pop(0))
        elif a == "--reps":
            reps = int(args.pop(0))
        else:
            krait = a
    script = os.path.join(HERE, "patterns.py")
    env = dict(os.environ, KRAIT_DEVICE="cpu")
    kr, np_ = {}, {}
    for _ in range(rounds):
        for res, cmd in ((kr, [krait, script, str(reps)]),
                         (np_, [sys.executable, script, str(reps)])):
            for name, t in run(cmd, env).items():
                res.setdefault(name, []).append(t)
    print("| pattern | krait (ms) | NumPy (ms) | krait / NumPy |")
    print("| --- | --- | --- | --- |")
    for name in kr:
        k = statistics.median(kr[name]) * 1e3
        n = statistics.median(np_[name]) * 1e3
        print(f"| {name} | {k:.2f} | {n:.2f} | {k / n:.2f}x |")
    import numpy
    print(f"\nNumPy {numpy.__version__}, {rounds} rounds x {reps} runs, load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main(sys.argv[1:])
