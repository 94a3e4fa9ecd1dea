#!/usr/bin/env python3
"""ab.py: compares two krait builds on the interpreter benchmarks of bench/, alternating
them run by run (before, after, then after, before, ...) so that the load of a shared
machine falls on both alike. Each run's CPU time (user + sys, from wait4) is kept: on a
loaded 2-core machine it is far steadier than wall time. Prints a markdown table of the
minimum and median of each.

Usage: bench/ab.py BEFORE_KRAIT AFTER_KRAIT [ROUNDS] [NAME,NAME,...]   (from the repo root)
"""
import os
import statistics
import subprocess
import sys

NAMES = ["fib", "int_loop", "nbody", "spectral_norm", "objects", "strings_dicts", "sorting",
         "scheduler", "float_points", "vectors", "generators", "exceptions", "closures", "bigint",
         "unpacking"]


def cpu_time(krait, name):
    p = subprocess.Popen([krait, os.path.join("bench", name + ".py")], stdout=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    if status != 0:
        sys.exit(f"{krait} bench/{name}.py failed")
    return ru.ru_utime + ru.ru_stime


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    bins = {"before": sys.argv[1], "after": sys.argv[2]}
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 11
    names = sys.argv[4].split(",") if len(sys.argv) > 4 else NAMES
    res = {n: {k: [] for k in bins} for n in names}
    for r in range(rounds):
        for n in names:
            for k in (list(bins) if r % 2 == 0 else list(bins)[::-1]):
                res[n][k].append(cpu_time(bins[k], n))
    print("| benchmark | before CPU s (min / median) | after CPU s (min / median) "
          "| after / before (medians) |")
    print("| --- | ---: | ---: | ---: |")
    for n in names:
        b, a = res[n]["before"], res[n]["after"]
        print(f"| {n} | {min(b):.3f} / {statistics.median(b):.3f} | {min(a):.3f} / "
              f"{statistics.median(a):.3f} | {statistics.median(a) / statistics.median(b):.3f} |")


if __name__ == "__main__":
    main()
