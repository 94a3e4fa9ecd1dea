#!/usr/bin/env python3
"""Regenerates tests/examples/NAME.exp from CPython 3.11 + NumPy 2 for the examples listed in
EXAMPLES (examples/NAME.py). tests/examples/CMakeLists.txt registers one ctest test per .exp
that runs the example with krait (KRAIT_DEVICE=cpu) through tests/run_test.cmake, whose .exp
format this shares (see tests/gen_expected.py).

An example named in OUTPUT_FILES gets one argument, a path in a scratch directory (the build
tree under ctest, a temporary directory here); it prints only the file's basename.

    python3 tests/examples/gen_expected.py            # rewrite every .exp
    python3 tests/examples/gen_expected.py NAME ...   # only these
    python3 tests/examples/gen_expected.py --check    # list examples whose output changed
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES_DIR = os.path.join(os.path.dirname(os.path.dirname(HERE)), "examples")
sys.path.insert(0, os.path.dirname(HERE))
import gen_expected  # noqa: E402  (tests/gen_expected.py: the .exp format and the reference)

EXAMPLES = ["data_processing", "mandelbrot"]
# Keep in step with output_file_NAME in CMakeLists.txt.
OUTPUT_FILES = {"mandelbrot": "mandelbrot.png"}


def run_reference(name, scratch):
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env.update(PYTHONNODEBUGRANGES="1", PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8",
               PYTHONDONTWRITEBYTECODE="1")
    args = [os.path.join(scratch, OUTPUT_FILES[name])] if name in OUTPUT_FILES else []
    proc = subprocess.run([gen_expected.PYTHON, name + ".py"] + args, cwd=EXAMPLES_DIR,
                          env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=gen_expected.TIMEOUT)
    out, err = proc.stdout, proc.stderr
    for d in {EXAMPLES_DIR, os.path.realpath(EXAMPLES_DIR)}:
        prefix = (d + os.sep).encode()
        out, err = out.replace(prefix, b""), err.replace(prefix, b"")
    text = out
    if err or proc.returncode != 0:
        text = gen_expected.add_marker(text, "--- stderr ---") + err
        text = gen_expected.add_marker(text, "--- exit %d ---" % proc.returncode)
    return text


def main(argv):
    out = subprocess.run([gen_expected.PYTHON, "-c",
                          "import sys, numpy; print(sys.version_info[:2], numpy.__version__)"],
                         capture_output=True, text=True).stdout.strip()
    if not out.startswith("(3, 11) 2."):
        sys.exit("gen_expected.py: the reference must be CPython 3.11 with NumPy 2 (found %r)"
                 % out)
    check = "--check" in argv
    names = gen_expected.names_from_argv(argv) or EXAMPLES
    bad = 0
    for name in names:
        if name not in EXAMPLES:
            sys.exit("not a tested example: %s (add it to EXAMPLES)" % name)
        with tempfile.TemporaryDirectory() as scratch:
            text = run_reference(name, scratch)
        exp_path = os.path.join(HERE, name + ".exp")
        if check:
            old = open(exp_path, "rb").read() if os.path.exists(exp_path) else None
            if old != text:
                print("DIFFERS:", name)
                bad += 1
        else:
            with open(exp_path, "wb") as f:
                f.write(text)
    print("%d examples %s" % (len(names), "checked, %d differ" % bad if check else "regenerated"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
