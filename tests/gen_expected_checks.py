#!/usr/bin/env python3
"""Writes the .exp of a self-checking test: a script whose every output line is
`check("LABEL", condition)` printing "LABEL ok" (or "LABEL FAILED"), where each condition
compares with a reference the script computes itself. Used where no CPython package can run
the script (tests/gpu/cpu_cuda_core.py: cuda.core needs cuda-bindings and a driver). The
expected output is every literal check label of the script, in order, with "ok"; a failed
check, a missing line or an exception then fails the test.

    python3 tests/gen_expected_checks.py tests/gpu/cpu_cuda_core.py
"""
import re
import sys


def main(paths):
    for path in paths:
        src = open(path, encoding="utf-8").read()
        labels = re.findall(r'^\s*check\(\s*"([^"\\]*)"', src, re.M)
        if not labels:
            sys.exit("%s: no check(\"LABEL\", ...) lines" % path)
        with open(path[:-3] + ".exp", "w", encoding="utf-8") as f:
            for label in labels:
                f.write(label + " ok\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
