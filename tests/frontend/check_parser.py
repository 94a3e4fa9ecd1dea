#!/usr/bin/env python3
"""check_parser.py: compare krait's parser (through the ast_dump tool) with CPython's.

Usage: check_parser.py AST_DUMP_BINARY [-v]

For every tests/frontend/corpus/*.py and tests/lang/*.py, ast_dump's output must equal
ast.dump(ast.parse(src)) (less the scripts gen_expected.py runs through another reference:
Python 3.14's t-strings, which CPython 3.11 cannot parse). For every snippet in BAD (and the generated stress cases), the
syntax error's kind, message, line and column must equal what compile() raises. Exit status
is the number of mismatches (capped at 50; 77 means skipped: python3 is not 3.11)."""
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
    "match x:\n    case 1 as _:\n        pass", "match x:\n    case {**_}:\n        pass",
    "match x:\n    case 1+2:\n        pass", "match x:\n    case C(a=1, 2):\n        pass",
    "match x:\n    case *a:\n        pass", "match x:\n    case 1\n        pass",
    "match x:\n    case 1 as 2:\n        pass", "match x:\n    case 1 as a.b:\n        pass",
    "match x:\ncase 1:\n    pass", "match x:\n    case 1:\n    pass",
    "match x:\n    case {'a': 1, **r, 'b': 2}:\n        pass",
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
    "a = 1 2", "x = [1 2]", "x = (1, 2\ny = 3", "foo(1,\n    2\nbar()", "x = {\n",
    "def f(x):\n    return x +\n", "if x:\n    pass\n  else:\n    pass", "x = 1 +\n",
    "class C(object:\n    pass", "print('hello'", "x = [1, 2, 3", "d = {'a': 1,\n'b': 2\n",
    "for i in range(10)\n    print(i)", "def f(a, b)\n    return a", "x === 1",
    "if x == 1\n    pass", "else if x:\n    pass", "x = 5 +* 3", "return", "break",
    "def f():\n    x = 1\n     y = 2", "def f():\n  x = 1\n y = 2", "x = 'abc' + \"def",
    "s = '''abc", "x = \"\"\"\nabc\n", "f(x=1, x=2)", "f(1 2)", "x = [i for i in]",
    "x = [i for in y]", "x = {1: }", "x = (1 for)", "lambda x: yield", "import", "from x import",
    "from x import (a, b", "try:\n    pass\nexcept Exception as (e):\n    pass",
    "with open(x) as f, :\n    pass", "class:\n    pass", "def ():\n    pass",
    "@dec\nx = 1", "x = a.", "x = .5.", "x = 1.2.3", "x = 0x1.5", "a[1:2:3:4]",
    "f(**)", "f(*)", "x = {**}", "x = [*]", "*a = 1", "*a, *b = c", "del *a, b",
    "x = 1 if else 2", "x = not", "x += 1 += 2", "(x += 1)", "x = (a = 1)",
    "def f(x=1, y): pass", "def f(x, *, y=1, z): pass", "nonlocal x", "global x, ",
    "async def f():\n    await", "x = yield from", "assert", "raise from e", "del",
    "f'{x!r=}'", "f'{x=!r:}'", "f'{'a'}'", "f'{x:{y:{z}}}'", "f'{lambda x: 1}'",
    "f'''{\n}'''", "f'{x}}'", "f'{{}'", "f'{x:}}'", "x = f'{a}' b'c'", "x = {'a' 1}", "x.y.z = 1 = 2", "x = .", "...: int",
]


# Where krait deliberately differs from CPython: source -> the start of krait's answer.
KNOWN_DIFFERENCES = {
    "x = 1j": "SyntaxError: complex numbers are not supported (line 1, col 5)",
    "x = 1.5J": "SyntaxError: complex numbers are not supported (line 1, col 5)",
    # duplicate arguments are the compiler's (symtable) error, not the parser's
    "def f(a, a, /): pass": "Module(",
}


# f'{x,}': CPython parses the expression as "(x,)" and the tuple's span includes the
# parentheses it added; krait's does not.
POSITION_DIFFERENCES = {"fstring_tuple.py"}


def dump_with_positions(node):
    """ast.dump with lineno/col_offset/end_* on expressions and statements only (the nodes
    whose positions krait keeps in AstPos and ast_dump --positions prints)."""
    if isinstance(node, ast.AST):
        args = []
        for name in node._fields:
            try:
                value = getattr(node, name)
            except AttributeError:
                continue
            if value is None and getattr(type(node), name, ...) is None:
                continue
            args.append("%s=%s" % (name, dump_with_positions(value)))
        if isinstance(node, (ast.expr, ast.stmt)):
            for a in ("lineno", "col_offset", "end_lineno", "end_col_offset"):
                args.append("%s=%s" % (a, getattr(node, a)))
        return "%s(%s)" % (type(node).__name__, ", ".join(args))
    if isinstance(node, list):
        return "[%s]" % ", ".join(dump_with_positions(x) for x in node)
    return repr(node)


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


def run_dump(tool, path, *opts):
    r = subprocess.run([tool] + list(opts) + [path], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=60)
    if r.returncode != 0:
        return "CRASH rc=%d %s" % (r.returncode, r.stderr.decode(errors="replace")[-2000:])
    return r.stdout.decode("utf-8", errors="replace").rstrip("\n")


def normalize(dump):
    return dump.replace(", kind='u'", "")


def main():
    if sys.version_info[:2] != (3, 11):
        print("check_parser.py needs python 3.11 (its messages are the reference); skipped")
        return 77
    tool = sys.argv[1]
    verbose = "-v" in sys.argv
    fails = 0
    files = sorted(glob.glob(os.path.join(HERE, "corpus", "*.py")))
    files += sorted(glob.glob(os.path.join(ROOT, "tests", "lang", "*.py")))
    for path in files:
        with open(path, "rb") as f:
            src = f.read()
        if src.startswith(b"# reference: "):
            continue  # not 3.11 source (tstring_*.py: Python 3.14's t-strings)
        want = python_error(src)
        if want is None:
            want = normalize(ast.dump(ast.parse(src)))
        got = run_dump(tool, path)
        if got == want and want.startswith("Module("):
            # the same tree: now the positions (tracebacks and error carets use them)
            want_pos = normalize(dump_with_positions(ast.parse(src)))
            got_pos = run_dump(tool, path, "--positions")
            if got_pos != want_pos and os.path.basename(path) not in POSITION_DIFFERENCES:
                got, want = got_pos, want_pos
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
        ("x = " + "lambda: " * 7000 + "1", "RecursionError"),
        ("x = " + "1 if 1 else " * 7000 + "1", "RecursionError"),
        ("x = " + "-" * 1000 + "1", "OK"),
        ("x = " + "not " * 5000 + "1", "OK"),
        ("x = " + "(-" * 199 + "1" + ")" * 199, "OK"),
        ("x = " + "[" * 200 + "]" * 200, "OK"),
        ("x = " + "[" * 201 + "]" * 201, "SyntaxError: too many nested parentheses"),
        ("x = 1" + " + 1" * 100000, "OK"),
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
            # deep trees would overflow the dumper's recursion, not the parser's
            opts = ["--parse-only"] if expect_kind else []
            got = run_dump(tool, path, *opts)
            if src in KNOWN_DIFFERENCES:
                want = KNOWN_DIFFERENCES[src]
                ok = got.startswith(want)
            elif expect_kind is None:
                want = python_error(src)
                if want is None:
                    want = normalize(ast.dump(ast.parse(src)))
                ok = got == want
            elif expect_kind == "OK":
                ok = got == "ok"
                want = "ok"
            else:
                ok = got.startswith(expect_kind)
                want = expect_kind + ": ..."
            if not ok:
                fails += 1
                print("MISMATCH %r" % src[:60])
                print("  got: ", got[:300])
                print("  want:", want[:300])
        # truncation: every prefix of every corpus file must give an answer, never a crash
        for path in files[:40]:
            with open(path, "rb") as f:
                src = f.read()
            for cut in range(0, len(src), max(1, len(src) // 25)):
                p = os.path.join(tmp, "cut.py")
                with open(p, "wb") as f:
                    f.write(src[:cut])
                got = run_dump(tool, p)
                if got.startswith("CRASH"):
                    fails += 1
                    print("CRASH on prefix of %s at %d: %s" % (path, cut, got[:300]))
    # parse_is_incomplete against codeop's answer (None means "needs more input")
    import codeop
    import warnings
    warnings.simplefilter("ignore")
    incomplete_cases = [
        "x = 1", "x = (1,", "if x:", "if x:\n    pass", "if x:\n    pass\n\n",
        "def f():\n    return 1\n", "s = '''abc", "s = '''abc'''", "x = [\n1,\n", "x +",
        "for i in x:\n    print(i)\n\n", "class C:\n    x = 1", "@dec", "x = 1 \\",
        "", "# comment", "print('hi')", "if x: pass", "while True:\n    pass\nelse:",
        "try:\n    pass", "try:\n    pass\nexcept:\n    pass\n\n", "x = {", "f(a,\n  b)",
        "def f(:", "x = )", "if x:\n    if y:\n        pass\n",
        "def f():\n    try:\n        return 1", "try:\n    x = 1\ny = 2",
        "def f():\n    try:\n        pass\n", "try:\n    try:\n        pass",
    ]
    # t-strings (3.14): codeop's answer for the same text without the t prefix
    tstring_cases = ['x = t"""a{', 'x = t"""a{1}', 'x = t"""{x:\n', 'x = t"{x}"',
                     "x = t'{1}' t'{2}'", 'x = t"""\n{1}\n"""', "x = (t'{1}',"]
    with tempfile.TemporaryDirectory() as tmp:
        for src in incomplete_cases + tstring_cases:
            ref = src.replace("t'", "'").replace('t"', '"') if src in tstring_cases else src
            try:
                want = 1 if codeop.compile_command(ref, "<input>", "single") is None else 0
            except (SyntaxError, ValueError, OverflowError):
                want = 0
            p = os.path.join(tmp, "inc.py")
            with open(p, "w") as f:
                f.write(src)
            got = run_dump(tool, p, "--incomplete")
            if got != str(want):
                fails += 1
                print("INCOMPLETE MISMATCH %r: got %s want %s" % (src, got, want))
    print("%d mismatches" % fails)
    return min(fails, 50)


if __name__ == "__main__":
    sys.exit(main())
