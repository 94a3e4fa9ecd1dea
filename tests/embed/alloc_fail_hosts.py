#!/usr/bin/env python3
"""alloc_fail_hosts.py: the C hosts of tests/embed under a real out-of-memory (issue 11,
item 5; docs/RELIABILITY.md). Each host's `_oom` variant (alloc_fail_shim.c) runs once to
count its interpreters' allocations, then once per sampled N with every allocation from the
Nth on failing (KRAIT_TEST_FAIL_FROM=N). A host may stop at one of its own checks when a call
fails (exit 1); a finding is a signal (crash, the shim's abort on a leak), a sanitizer
report, or a run past the time limit.

Usage: alloc_fail_hosts.py [--samples K | --step S] [--bindir DIR] [--timeout T] NAME...
  --samples K: K values of N spread evenly over the count (CI's short form);
  --step S: every N below 200, then every S-th (the long run).
"""
import argparse
import os
import re
import subprocess
import sys


def run(exe, n, timeout):
    env = dict(os.environ)
    if n is not None:
        env["KRAIT_TEST_FAIL_FROM"] = str(n)
    env.setdefault("ASAN_OPTIONS", "allocator_may_return_null=1")
    try:
        p = subprocess.run([exe], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", ""
    err = p.stderr.decode(errors="replace")
    if p.returncode < 0 or "ERROR: AddressSanitizer" in err or "runtime error:" in err:
        return f"rc {p.returncode}", err
    return p.returncode, err


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, default=0)
    ap.add_argument("--step", type=int, default=0)
    ap.add_argument("--bindir", default=".")
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("names", nargs="+")
    a = ap.parse_args()
    findings = 0
    for name in a.names:
        exe = os.path.join(a.bindir, f"embed_{name}_oom")
        rc, err = run(exe, None, a.timeout)
        m = re.search(r"alloc_fail_shim: (\d+) allocations", err)
        if rc != 0 or not m:
            print(f"{name}: fails without failing allocations (rc {rc})\n{err}")
            findings += 1
            continue
        total = int(m.group(1))
        if a.step:
            ns = list(range(0, min(total, 200))) + list(range(200, total, a.step))
        else:
            k = max(1, a.samples)
            ns = sorted({total * i // k for i in range(k)} | {total - 1})
        stopped = 0
        for n in ns:
            rc, err = run(exe, n, a.timeout)
            if rc in (0, 1):
                stopped += rc
                continue
            findings += 1
            tail = "\n".join(err.strip().splitlines()[-6:])
            print(f"FINDING {name} N={n}: {rc}\n{tail}")
        print(f"{name}: {len(ns)} runs over {total} allocations, {stopped} stopped at a check, "
              f"{len(ns) - stopped} ran to the end")
    print("alloc_fail_hosts:", "ok" if not findings else f"{findings} findings")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
