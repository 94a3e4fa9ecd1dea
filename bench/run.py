#!/usr/bin/env python3
"""Times krait against python3 (and lua5.4 when installed) on the scripts in bench/ and writes
the results as a markdown table into docs/PERFORMANCE.md.

Each benchmark prints a checksum; the table says whether krait's output matches CPython's.
Every program runs --runs times and the best wall-clock time is kept; peak RSS is the largest
resident set of that program's process (GNU time's %M).  A startup row times `-c pass`.

Usage:  bench/run.py [--krait build/krait] [--runs 3] [--out docs/PERFORMANCE.md] [NAME ...]
"""
import argparse
import datetime
import math
import os
import platform
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BENCHMARKS = ["fib", "int_loop", "nbody", "spectral_norm", "objects", "strings_dicts", "sorting",
              "scheduler", "float_points", "vectors", "generators", "exceptions", "closures",
              "bigint", "unpacking"]
DESCRIPTIONS = {
    "startup": "`-c pass`: start, run nothing, exit",
    "fib": "recursive calls: fib(32)",
    "int_loop": "integer while/for loops, 2 x 3M iterations",
    "nbody": "float math: n-body, 100k steps",
    "spectral_norm": "float math: spectral norm, n=300",
    "objects": "object-heavy particle simulation with classes",
    "strings_dicts": "string building, split/join, dict counting",
    "sorting": "sorted() on ints/floats/strs/tuples + a merge sort",
    "scheduler": "task scheduler (richards-like): method calls, attribute traffic",
    "float_points": "float objects: create, normalize, reduce 50k points (math calls)",
    "vectors": "operator overloading: a vector class in a ray-sphere loop",
    "generators": "generator pipelines, yield from, comprehensions",
    "exceptions": "raise/except across calls, try/finally, with, KeyError",
    "closures": "closures with nonlocal, lambdas, map/filter/reduce/sorted(key=)",
    "bigint": "big ints: pi spigot, factorial, pow mod",
    "unpacking": "tuple unpacking, swaps, star-unpacking, enumerate/zip, tuple keys",
}
TIMEOUT = 600


def run_measured(cmd, cwd, cpu=False):
    """Runs cmd in cwd; returns (seconds, peak RSS in KiB, stdout bytes, exit status). The
    seconds are wall-clock, or with cpu the process's user + system CPU time (steadier on a
    machine other work shares).

    A child's ru_maxrss starts from its parent's size at fork, so measured straight from this
    (large) Python process a small program would look as big as the harness.  GNU time is a
    small parent whose %M is the child's own peak; without it the RSS column reads 0."""
    gnu_time = "/usr/bin/time" if os.path.exists("/usr/bin/time") else None
    rss_path = os.path.join(cwd, ".bench_rss.tmp")
    out_path = os.path.join(cwd, ".bench_out.tmp")
    if gnu_time:
        cmd = [gnu_time, "-f", "%U %S %M", "-o", rss_path] + cmd
    start = time.perf_counter()
    with open(os.devnull, "wb") as devnull, open(out_path, "wb") as out_file:
        proc = subprocess.Popen(cmd, cwd=cwd, stdout=out_file, stderr=devnull)
        try:
            proc.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    elapsed = time.perf_counter() - start
    rss = 0
    if gnu_time and os.path.exists(rss_path):
        with open(rss_path) as f:
            last = f.read().strip().splitlines()
        fields = last[-1].split() if last else []
        if len(fields) == 3 and fields[2].isdigit():
            rss = int(fields[2])
            if cpu:
                elapsed = float(fields[0]) + float(fields[1])
        os.unlink(rss_path)
    with open(out_path, "rb") as f:
        out = f.read()
    os.unlink(out_path)
    return elapsed, rss, out, proc.returncode


def best_of(cmd, runs, cwd, cpu=False):
    best = None
    for _ in range(runs):
        t, rss, out, rc = run_measured(cmd, cwd, cpu)
        if rc != 0:
            return None, rss, out, rc
        if best is None or t < best[0]:
            best = (t, rss, out)
    return best[0], best[1], best[2], 0


def fmt_time(t):
    return "—" if t is None else "%.3f" % t


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--krait", default=os.path.join(ROOT, "build", "krait"))
    ap.add_argument("--python", default=sys.executable, help="reference CPython (default: this one)")
    ap.add_argument("--lua", default=shutil.which("lua5.4"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--cpu", action="store_true",
                    help="time user + system CPU (GNU time) instead of wall clock")
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "PERFORMANCE.md"))
    ap.add_argument("names", nargs="*", help="benchmarks to run (default: all)")
    args = ap.parse_args()
    krait = os.path.abspath(args.krait)
    if not os.path.exists(krait):
        sys.exit("bench/run.py: no krait binary at %s (build it or pass --krait)" % krait)
    names = args.names or ["startup"] + BENCHMARKS
    lua = args.lua
    rows = []
    for name in names:
        if name == "startup":
            cmds = {"krait": [krait, "-c", "pass"], "python3": [args.python, "-c", "pass"]}
            if lua:
                cmds["lua"] = [lua, "-e", ""]
        else:
            script = name + ".py"
            if not os.path.exists(os.path.join(HERE, script)):
                sys.exit("no such benchmark: bench/%s" % script)
            cmds = {"krait": [krait, script], "python3": [args.python, script]}
            lua_script = os.path.join(HERE, "lua", name + ".lua")
            if lua and os.path.exists(lua_script):
                cmds["lua"] = [lua, os.path.join("lua", name + ".lua")]
        res = {}
        for who, cmd in cmds.items():
            res[who] = best_of(cmd, args.runs, HERE, args.cpu)
            t, rss, out, rc = res[who]
            print("%-14s %-8s %s s  %d KiB%s" % (name, who, fmt_time(t), rss,
                                                 "" if rc == 0 else "  (exit %s)" % rc),
                  file=sys.stderr)
        rows.append((name, res))
    write_report(args, names, rows, lua)


def write_report(args, names, rows, lua):
    cmd = "bench/run.py " + " ".join(a for a in sys.argv[1:])
    lines = ["## The interpreter against CPython", "",
             "Generated by `bench/run.py` on %s with the command `%s`." % (
                 datetime.datetime.now().strftime("%Y-%m-%d %H:%M"), cmd.strip()),
             "",
             "Machine: %s, %s, %d CPUs; reference: %s%s." % (
                 platform.platform(), platform.processor() or platform.machine(), os.cpu_count(),
                 subprocess.run([args.python, "--version"], capture_output=True,
                                text=True).stdout.strip(),
                 ", " + subprocess.run([lua, "-v"], capture_output=True, text=True).stdout.strip()
                 if lua else " (lua5.4 not installed)"),
             "",
             "Times are the best of %d runs in seconds of %s (lower is better); RSS is the peak"
             " resident set of the process. *ratio* is krait's time over python3's (*/lua*: over"
             " Lua's, where a port exists). *output* says whether krait printed the same checksum"
             " as CPython." % (args.runs, "CPU time (user + system)" if args.cpu else
                                "wall-clock time"),
             ""]
    head = "| benchmark | what it does | krait s | python3 s | ratio |"
    sep = "| --- | --- | ---: | ---: | ---: |"
    if lua:
        head += " lua5.4 s | /lua |"
        sep += " ---: | ---: |"
    head += " krait RSS KiB | python3 RSS KiB | output |"
    sep += " ---: | ---: | --- |"
    lines += [head, sep]
    for name, res in rows:
        kt, krss, kout, krc = res["krait"]
        pt, prss, pout, prc = res["python3"]
        ratio = "%.2f" % (kt / pt) if kt is not None and pt else "—"
        if krc != 0:
            status = "krait failed (exit %s)" % krc
        elif name == "startup":
            status = "—"
        else:
            status = "same" if kout == pout else "DIFFERS"
        row = "| %s | %s | %s | %s | %s |" % (name, DESCRIPTIONS.get(name, ""), fmt_time(kt),
                                              fmt_time(pt), ratio)
        if lua:
            lt = res["lua"][0] if "lua" in res else None
            row += " %s | %s |" % (fmt_time(lt), "%.2f" % (kt / lt) if kt and lt else "—")
        row += " %d | %d | %s |" % (krss, prss, status)
        lines.append(row)
    ratios = [res["krait"][0] / res["python3"][0] for name, res in rows
              if name != "startup" and res["krait"][0] and res["python3"][0]]
    if ratios:
        geo = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        lines += ["", "Geometric mean of the ratios (startup left out): %.2f; the largest: %.2f."
                  % (geo, max(ratios))]
    lines += ["", "Regenerate with `python3 bench/run.py --krait build/krait`."]
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    # Only the section between the markers is ours; the rest of the file (the GPU tables)
    # is kept as it is.
    start, end = "<!-- bench/run.py: start -->", "<!-- bench/run.py: end -->"
    block = start + "\n" + "\n".join(lines) + "\n" + end
    old = open(args.out).read() if os.path.exists(args.out) else "# Performance\n\n" + start + end
    if start in old and end in old:
        text = old[:old.index(start)] + block + old[old.index(end) + len(end):]
    else:
        text = old.rstrip("\n") + "\n\n" + block + "\n"
    with open(args.out, "w") as f:
        f.write(text)
    print("wrote", args.out, file=sys.stderr)


if __name__ == "__main__":
    main()
