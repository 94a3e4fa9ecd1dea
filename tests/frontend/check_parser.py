#!/usr/bin/env python3
"""check_parser.py: compare krait's parser (through the ast_dump tool) with CPython's.

Usage: check_parser.py AST_DUMP_BINARY [-v]

For every tests/frontend/corpus/*.py and tests/lang/*.py, ast_dump's output must equal
ast.dump(ast.parse(src)). For every snippet in BAD (and the generated stress cases), the
syntax error's kind, message, line and column must equal what compile() raises. Exit status
is the number of mismatches (capped at 100)."""
import ast
import glob
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# Snippets that must fail exactly as CPython 3.11 fails.
BAD = [
    "x = = 1", "x +", "a b", "--", "(1,", "f(", "x = (1,\n2", "[1, 2", "{1: 2",
    "x = )", "x = (]", "foo(a, b]", "(\n]",
    "if x:", "if x:\n", "if x:\npass", "def f():\nreturn", "for x in y:\nz",
    "while x:\ny", "class C:\nx", "try:\nx", "with a:\nb", "if x:\n    a\nelse:\nb",
    "if x:\n    a\nelif y:\nb", "try:\n    a\nexcept:\nb", "try:\n    a\nfinally:\nb",
    "  x", "if 1:\n    a\n  b", "if 1:\n        a\n    b", "\tif 1:\n        a\n\tb",
    "if 1:\n\tx\n        y",
    "if x\n    pass", "while x\n  pass", "def f()\n  pass", "class C\n  pass",
    "for x in y\n  pass", "else:", "x = 09", "x = 1__0", "1e", "0x", "0b2", "0o8",
    "1_", "x = 1abc", "x = 0_", "x = 1.e", "x = 1e+", "x = 0xg", "x = 0b", "x = 1j",
    "x = 1.5J", "x = 00", "x = 0_0", "x = 012",
    "s = 'abc", "s = \"abc\nx", "s = '''abc\n\n", "s = \"\"\"abc\ndef", "x = $", "x = a ? b",
    "x = `a`", "x = \u20ac", "x\u00a0= 1",
    "f(a b)", "[a b]", "(a b)", "{a b}", "f(a, b c)", "print 'x'", "print x",
    "f() = 1", "1 = 2", "del f()", "a + 1 = 3", "x = f() = 3", "(a, f()) = 1",
    "[a, 1] = x", "a, b + 1 = x", "None = 1", "True = 1", "f() += 1", "a, b += 1",
    "for f() in x: pass", "for 1 in x: pass", "with a as f(): pass",
    "del 1", "del (a, f())", "del *a", "lambda: x = 1", "x: int, y: int = 1",
    "(a, b): int", "[a]: int", "f(): int", "x = 1 if 2", "x = 1 if 2 else",
    "if x = 1: pass", "if f() = 1: pass", "while x = 1: pass", "f(a.b=1)", "f(a=1, b)",
    "f(**a, *b)", "f(**a, b)", "f(x for x in y, 1)", "f(1, x for x in y)",
    "def f(a=1, b): pass", "def f(*): pass", "def f(*, **k): pass", "def f(**k, a): pass",
    "def f(a, a, /): pass", "def f(/): pass", "lambda *: 1", "def f(*a=1): pass",
    "x = {1: 2, 3}", "x = {**a for a in b}", "[*a for a in b]", "x = *a for a in b",
    "import a.b as", "from x import a,", "from x import (a", "from import a",
    "match x:\n    case 1:\n        pass", "x = yield = 1", "a := 1", "(a.b := 1)",
    "f'{}'", "f'{ }'", "f'}'", "f'{'", "f'{a!x}'", "f'{a!}'", "f'{a'", "f'{a b}'",
    "f'{a:{b:{c}}}'", "f'{\\n}'", "f'{#}'", "f'{)}'", "f'{(]}'", "x = f'abc {a +} d'",
    "b'a' 'b'", "x = ('a'\n b'b')", "'\\x4'", "b'\\x4'", "'\\u12'", "b'\u00e9'",
    "'\\U00110000'", "x = 1 \\ 2", "x = 1 \\", "try:\n    pass\nx = 1",
    "except: pass", "try:\n    a\nexcept A, B:\n    pass", "def f(:\n    pass",
    "class C(:\n    pass", "@\ndef f(): pass", "@x\nx = 1", "return (", "x = [\n1,\n2\n",
    "x = 1;;", ";", "x = (yield", "a.1", "a.if", "import 1", "global 1", "x = not",
    "x = 1 +* 2", "x = [1,, 2]", "f(,)", "def f(a,,b): pass", "x = ()()", "if True:\n",
    "async x = 1", "x = await", "def f[T](): pass", "x = 1\n  y = 2", "if x:\n  a\n    b",
    "x = 'a' 'b\n", "x = u'\\N{BULLET}'", "for x in range(3):\n    pass\n  else:\n    pass",
    "a = 1 2", "x = [1 2]", "x = {'a' 1}", "x.y.z = 1 = 2", "x = .", "...: int",
]


# Where krait deliberately differs from CPython: source -> the start of krait's answer.
KNOWN_DIFFERENCES = {
    "x = 1j": "SyntaxError: complex numbers are not supported (line 1, col 5)",
    "x = 1.5J": "SyntaxError: complex numbers are not supported (line 1, col 5)",
    "match x:\n    case 1:\n        pass":
        "SyntaxError: the match statement is not supported (line 1, col 1)",
    # duplicate arguments are the compiler's (symtable) error, not the parser's
    "def f(a, a, /): pass": "Module(",
}


def python_error(src):
    """The error CPython reports for src run as a file (python3 file.py)."""
    if isinstance(src, str):
        src = src.encode("utf-8")
    if b"\0" in src:
        line = src[:src.index(b"\0")].count(b"\n") + 1
        return "SyntaxError: source code cannot contain null bytes (line %d, col 0)" % line
    try:
        src.decode("utf-8")
    except UnicodeDecodeError as e:
        line = src[:e.start].count(b"\n") + 1
        return ("SyntaxError: Non-UTF-8 code starting with '\\x%02x' in file %%s on line %d, "
                "but no encoding declared; see https://peps.python.org/pep-0263/ for details "
                "(line 0, col 0)" % (src[e.start], line))
    try:
        ast.parse(src)
    except SyntaxError as e:
        return "%s: %s (line %s, col %s)" % (type(e).__name__, e.msg, e.lineno, e.offset)
    except (ValueError, RecursionError, MemoryError) as e:
        return "%s: %s" % (type(e).__name__, e)
    return None


def run_dump(tool, path):
    r = subprocess.run([tool, path], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=60)
    if r.returncode != 0:
        return "CRASH rc=%d %s" % (r.returncode, r.stderr.decode(errors="replace")[-2000:])
    return r.stdout.decode("utf-8", errors="replace").rstrip("\n")


def normalize(dump):
    return dump.replace(", kind='u'", "")


def main():
    tool = sys.argv[1]
    verbose = "-v" in sys.argv
    fails = 0
    files = sorted(glob.glob(os.path.join(HERE, "corpus", "*.py")))
    files += sorted(glob.glob(os.path.join(ROOT, "tests", "lang", "*.py")))
    for path in files:
        with open(path, "rb") as f:
            src = f.read()
        want = python_error(src)
        if want is None:
            want = normalize(ast.dump(ast.parse(src)))
        got = run_dump(tool, path)
        if got != want:
            fails += 1
            print("MISMATCH", os.path.relpath(path, ROOT))
            if verbose:
                i = 0
                while i < min(len(got), len(want)) and got[i] == want[i]:
                    i += 1
                print("  got: ", got[max(0, i - 150):i + 150])
                print("  want:", want[max(0, i - 150):i + 150])
    stress = [
        ("(" * 10000, None),
        ("[" * 10000 + "]" * 10000, None),
        ("-" * 100000 + "1", "RecursionError"),
        ("x = " + "lambda: " * 3000 + "1", "RecursionError"),
        ("x = " + "1 if 1 else " * 3000 + "1", "RecursionError"),
        ("x = 'a" + "b" * 1000000 + "'\n", "OK"),
        ("x = 1\n" * 100000, "OK"),
        ("if 1:\n" + "".join(" " * i + "if 1:\n" for i in range(1, 120)), None),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        cases = [(s, None) for s in BAD] + stress
        for n, (src, expect_kind) in enumerate(cases):
            path = os.path.join(tmp, "case%d.py" % n)
            with open(path, "w", encoding="utf-8") as f:
                f.write(src)
            got = run_dump(tool, path)
            if src in KNOWN_DIFFERENCES:
                want = KNOWN_DIFFERENCES[src]
                ok = got.startswith(want)
            elif expect_kind is None:
                want = python_error(src)
                if want is None:
                    want = normalize(ast.dump(ast.parse(src)))
                ok = got == want
            elif expect_kind == "OK":
                ok = got.startswith("Module(")
                want = "Module(...)"
            else:
                ok = got.startswith(expect_kind)
                want = expect_kind + ": ..."
            if not ok:
                fails += 1
                print("MISMATCH %r" % src[:60])
                print("  got: ", got[:300])
                print("  want:", want[:300])
        # truncation: every prefix of every corpus file must give an answer, never a crash
        for path in files[:5]:
            with open(path, "rb") as f:
                src = f.read()
            for cut in range(0, len(src), max(1, len(src) // 50)):
                p = os.path.join(tmp, "cut.py")
                with open(p, "wb") as f:
                    f.write(src[:cut])
                got = run_dump(tool, p)
                if got.startswith("CRASH"):
                    fails += 1
                    print("CRASH on prefix of %s at %d: %s" % (path, cut, got[:300]))
    print("%d mismatches" % fails)
    return min(fails, 100)


if __name__ == "__main__":
    sys.exit(main())
