#!/usr/bin/env python3
"""Regenerates the expected output of the tile tests from a NumPy reference of the `tile`
module, under CPython 3.11:

  tests/tile/NAME.py           -> tests/tile/NAME.exp
  examples/tiles/NAME.py       -> tests/tile/examples/NAME.exp

Each script runs as in tests/gen_expected.py (cwd = its folder, the bare file name, the same
environment) with tests/tile/reference/ on PYTHONPATH, so `import tile as ct`,
`import cuda.tile as ct` and `import gpu` are the reference's (tile.py: cuTile 1.7's
semantics in NumPy; gpu.py: NumPy plus bfloat16 from ml_dtypes). krait runs the same
scripts with its own tile compiler on the CPU path (tests/tile/CMakeLists.txt).

    python3 tests/gen_expected_tile.py            # rewrite every .exp (needs numpy 2, ml_dtypes)
    python3 tests/gen_expected_tile.py NAME ...   # only these (tests or examples)
    python3 tests/gen_expected_tile.py --check    # list scripts whose output changed
"""
import os
import subprocess
import sys

import gen_expected

HERE = os.path.dirname(os.path.abspath(__file__))
TILE = os.path.join(HERE, "tile")
EXAMPLES = os.path.join(os.path.dirname(HERE), "examples", "tiles")
REFERENCE = os.path.join(TILE, "reference")


def names(folder):
    return sorted(f[:-3] for f in os.listdir(folder) if f.endswith(".py") and not f.startswith("_"))


def regenerate_examples(wanted, check):
    """Examples live in examples/tiles and their .exp in tests/tile/examples."""
    bad = 0
    chosen = [n for n in names(EXAMPLES) if not wanted or n in wanted]
    for name in chosen:
        gen_expected.LANG = EXAMPLES
        text = gen_expected.run_reference(name)
        exp_path = os.path.join(TILE, "examples", name + ".exp")
        if check:
            old = open(exp_path, "rb").read() if os.path.exists(exp_path) else None
            if old != text:
                print("DIFFERS: examples/tiles/" + name)
                bad += 1
        else:
            os.makedirs(os.path.dirname(exp_path), exist_ok=True)
            with open(exp_path, "wb") as f:
                f.write(text)
    return len(chosen), bad


def main(argv):
    probe = "import numpy, ml_dtypes; print(numpy.__version__)"
    out = subprocess.run([gen_expected.PYTHON, "-c", probe], capture_output=True,
                         text=True).stdout.strip()
    if not out.startswith("2."):
        sys.exit("gen_expected_tile.py: the reference needs NumPy 2 and ml_dtypes "
                 "(pip install numpy ml_dtypes)")
    gen_expected.EXTRA_ENV["PYTHONPATH"] = REFERENCE
    check = "--check" in argv
    wanted = set(gen_expected.names_from_argv(argv))
    tests = [n for n in names(TILE) if not wanted or n in wanted]
    status = 0
    if tests:
        gen_expected.LANG = TILE
        status = gen_expected.regenerate(tests, check)
    n, bad = regenerate_examples(wanted, check)
    print("%d examples %s" % (n, "checked, %d differ" % bad if check else "regenerated"))
    return 1 if status or bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
