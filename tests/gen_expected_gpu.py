#!/usr/bin/env python3
"""Regenerates tests/gpu/NAME.exp from real NumPy 2 under CPython 3.11 for every
tests/gpu/NAME.py (`import numpy as np` scripts that krait runs with its gpu module).

The .exp format and the way a script is run are those of tests/gen_expected.py (cwd is
tests/gpu, the bare file name, the same environment); run_test.cmake compares krait's output.

    python3 tests/gen_expected_gpu.py            # rewrite every .exp (needs numpy 2)
    python3 tests/gen_expected_gpu.py NAME ...   # only these
    python3 tests/gen_expected_gpu.py --check    # list scripts whose output changed
"""
import os
import subprocess
import sys

import gen_expected

HERE = os.path.dirname(os.path.abspath(__file__))
GPU = os.path.join(HERE, "gpu")


def main(argv):
    out = subprocess.run([gen_expected.PYTHON, "-c", "import numpy; print(numpy.__version__)"],
                         capture_output=True, text=True).stdout.strip()
    if not out.startswith("2."):
        sys.exit("gen_expected_gpu.py: the reference needs NumPy 2 (found %r)" % out)
    gen_expected.LANG = GPU  # run_reference, all_names and regenerate read it
    return gen_expected.regenerate(gen_expected.names_from_argv(argv), "--check" in argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
