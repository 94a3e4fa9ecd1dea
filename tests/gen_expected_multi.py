#!/usr/bin/env python3
"""Regenerates tests/gpu_multi/NAME.nN.exp (N = 1, 2, 4 devices) from real NumPy 2 under
CPython 3.11 for every tests/gpu_multi/NAME.py. Under CPython the scripts' devices come from
tests/gpu_multi/_multi_ref.py's stand-ins (KRAIT_MOCK_DEVICES of them, collectives and
shards written with NumPy); krait runs the same scripts with KRAIT_MOCK_DEVICES=N on its CPU
backend and on the mock device (tests/gpu_multi/CMakeLists.txt).

    python3 tests/gen_expected_multi.py            # rewrite every .exp (needs numpy 2)
    python3 tests/gen_expected_multi.py NAME ...   # only these
    python3 tests/gen_expected_multi.py --check    # list expectations whose output changed
"""
import os
import subprocess
import sys

import gen_expected

HERE = os.path.dirname(os.path.abspath(__file__))
MULTI = os.path.join(HERE, "gpu_multi")
COUNTS = (1, 2, 4)


def main(argv):
    out = subprocess.run([gen_expected.PYTHON, "-c", "import numpy; print(numpy.__version__)"],
                         capture_output=True, text=True).stdout.strip()
    if not out.startswith("2."):
        sys.exit("gen_expected_multi.py: the reference needs NumPy 2 (found %r)" % out)
    gen_expected.LANG = MULTI
    check = "--check" in argv
    names = gen_expected.names_from_argv(argv) or gen_expected.all_names()
    bad = 0
    for name in names:
        for n in COUNTS:
            gen_expected.EXTRA_ENV = {"KRAIT_MOCK_DEVICES": str(n)}
            text = gen_expected.run_reference(name)
            path = os.path.join(MULTI, "%s.n%d.exp" % (name, n))
            old = open(path, "rb").read() if os.path.exists(path) else None
            if check:
                if old != text:
                    print("DIFFERS:", name, n)
                    bad += 1
            elif old != text:
                with open(path, "wb") as f:
                    f.write(text)
    print("%d scripts x %d counts %s" % (len(names), len(COUNTS),
                                         "checked, %d differ" % bad if check else "regenerated"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
