#!/usr/bin/env python3
"""Regenerates tests/lang/NAME.exp from CPython 3.11's output for every tests/lang/NAME.py.

The .exp format (tests/run_test.cmake produces the same from krait and compares):
  the script's stdout verbatim; then, only if stderr is non-empty or the exit status is
  non-zero, a line "--- stderr ---", stderr verbatim, and a line "--- exit N ---".  A newline is
  inserted before each marker line when the text before it does not end in one.

Each script runs as `python3 NAME.py [ARGS]` with cwd=tests/lang (so tracebacks say
File "NAME.py"), NAME.stdin as standard input when it exists, ARGS from a first line
"# args: a b c", and a fixed environment (no traceback carets, fixed hash seed, UTF-8 I/O).
CPython 3.11 prints the script's absolute path in tracebacks; "<tests/lang>/" is removed from
both streams (run_test.cmake does the same to krait's output), so they read File "NAME.py".

Usage:
  tests/gen_expected.py              regenerate every .exp
  tests/gen_expected.py NAME ...     regenerate only these (NAME or NAME.py)
  tests/gen_expected.py --check      change nothing; report scripts whose output differs
                                     from their .exp (e.g. to catch nondeterminism)
Files named _*.py are helper modules for the import tests, not tests.

A script whose first line is "# reference: FILE.py" runs as `python3 ../FILE.py NAME.py`:
the t-string tests (tstring_*.py, "# reference: tstring_reference.py") use features CPython
3.11 cannot run (Python 3.14's template strings), so tests/tstring_reference.py rewrites
their t-string literals into 3.11 code, following PEP 750/701 independently of krait's
parser, and runs that; their expected output is CPython 3.11's output of the rewritten script.
"""
import os
import re
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LANG = os.path.join(HERE, "lang")
TIMEOUT = 300
PYTHON = os.environ.get("KRAIT_REFERENCE_PYTHON", "python3")
EXTRA_ENV = {}  # set by the generators that share this one (gen_expected_tile.py: PYTHONPATH)


def script_reference(path):
    """The runner a script names on its first line ("# reference: FILE.py"), or None."""
    with open(path, "rb") as f:
        m = re.match(rb"# reference: ([\w.]+\.py)\n", f.readline())
    return os.path.join(HERE, m.group(1).decode()) if m else None


def script_args(path):
    with open(path, "rb") as f:
        head = f.read(400).decode("latin-1")
    m = re.match(r"# args:([^\n]*)", head)
    return shlex.split(m.group(1)) if m else []


def add_marker(text, marker):
    if text and not text.endswith(b"\n"):
        text += b"\n"
    return text + marker.encode() + b"\n"


def run_reference(name):
    env = dict(os.environ)
    for key in list(env):
        if key.startswith("PYTHON"):
            del env[key]
    env.update(PYTHONNODEBUGRANGES="1", PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8",
               PYTHONDONTWRITEBYTECODE="1")
    env.update(EXTRA_ENV)
    stdin_path = os.path.join(LANG, name + ".stdin")
    stdin = open(stdin_path, "rb") if os.path.exists(stdin_path) else subprocess.DEVNULL
    try:
        path = os.path.join(LANG, name + ".py")
        runner = script_reference(path)
        proc = subprocess.run([PYTHON] + ([runner] if runner else []) + [name + ".py"]
                              + script_args(path),
                              cwd=LANG, env=env, stdin=stdin, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=TIMEOUT)
    finally:
        if stdin is not subprocess.DEVNULL:
            stdin.close()
    # CPython 3.11 makes the main script's path absolute in tracebacks and SyntaxErrors;
    # strip the directory so the expectations name the script as given (and are portable).
    out, err = proc.stdout, proc.stderr
    for d in {LANG, os.path.realpath(LANG)}:
        prefix = (d + os.sep).encode()
        out, err = out.replace(prefix, b""), err.replace(prefix, b"")
    text = out
    if err or proc.returncode != 0:
        text = add_marker(text, "--- stderr ---") + err
        text = add_marker(text, "--- exit %d ---" % proc.returncode)
    return text


def all_names():
    return sorted(f[:-3] for f in os.listdir(LANG) if f.endswith(".py") and not f.startswith("_"))


def names_from_argv(argv):
    """The NAME or NAME.py arguments, minus --check."""
    return [a[:-3] if a.endswith(".py") else a for a in argv if a != "--check"]


def regenerate(names, check):
    """Writes LANG/NAME.exp for each name (all when empty), or with check only lists those
    whose output differs; the exit status for main. Shared with gen_expected_gpu.py."""
    names = names or all_names()
    bad = 0
    for name in names:
        if not os.path.exists(os.path.join(LANG, name + ".py")):
            sys.exit("no such test: %s/%s.py" % (os.path.relpath(LANG, os.path.dirname(HERE)),
                                                 name))
        text = run_reference(name)
        exp_path = os.path.join(LANG, name + ".exp")
        if check:
            old = open(exp_path, "rb").read() if os.path.exists(exp_path) else None
            if old != text:
                print("DIFFERS:", name)
                bad += 1
        else:
            with open(exp_path, "wb") as f:
                f.write(text)
    print("%d scripts %s" % (len(names), "checked, %d differ" % bad if check else "regenerated"))
    return 1 if bad else 0


def main(argv):
    out = subprocess.run([PYTHON, "-c", "import sys; print(sys.version_info[:2])"],
                         capture_output=True, text=True).stdout.strip()
    if out != "(3, 11)":
        sys.exit("gen_expected.py: the reference must be CPython 3.11, %s is %s" % (PYTHON, out))
    subprocess.run([PYTHON, os.path.join(HERE, "gen_inputs.py")], check=True)
    return regenerate(names_from_argv(argv), "--check" in argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
