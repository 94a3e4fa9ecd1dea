#!/usr/bin/env python3
"""bench/async/run.py: asyncio task-switch cost (pingpong.py) under krait and CPython here.

Usage: bench/async/run.py [--krait build/krait] [--n 100000] [--runs 3]
Prints the best per-switch time of each and the ratio (a line for docs/PERFORMANCE.md)."""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def best(cmd, runs):
    out = []
    for _ in range(runs):
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        if r.returncode != 0:
            sys.exit("%s failed:\n%s" % (" ".join(cmd), r.stderr))
        out.append(float(re.search(r"per switch: ([0-9.]+) us", r.stdout).group(1)))
    return min(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--krait", default=os.path.join(ROOT, "build", "krait"))
    ap.add_argument("--n", default="100000")
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    script = os.path.join(HERE, "pingpong.py")
    k = best([a.krait, script, a.n], a.runs)
    p = best([sys.executable, script, a.n], a.runs)
    print("asyncio Queue ping-pong, %s round trips, best of %d" % (a.n, a.runs))
    print("| krait | CPython %d.%d | ratio |" % sys.version_info[:2])
    print("| %.2f us/switch | %.2f us/switch | %.2fx |" % (k, p, p / k))


main()
