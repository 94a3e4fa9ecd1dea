#!/usr/bin/env python3
"""make_seeds.py: writes the seed inputs of the fuzz corpora (tests/fuzz/corpus/NAME/seed-*)
and the script fuzzers' token dictionary (python.dict). Run from anywhere; it rewrites only
files named seed-* and python.dict, never the regression inputs (regress-*) that findings
left. The tile seeds are the @ct.kernel functions of tests/tile and tests/tile_interp,
cut out of their scripts with the ast module; the script fuzzers are also seeded at run time
with tests/lang and tests/hostile (run_fuzz.cmake)."""
import ast
import glob
import keyword
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)
CORPUS = os.path.join(HERE, "corpus")


def write(target, items):
    d = os.path.join(CORPUS, target)
    os.makedirs(d, exist_ok=True)
    for old in glob.glob(os.path.join(d, "seed-*")):
        os.remove(old)
    for i, data in enumerate(items):
        if isinstance(data, str):
            data = data.encode("utf-8")
        with open(os.path.join(d, "seed-%03d" % i), "wb") as f:
            f.write(data)


COMPILE = [
    "def f(a, /, b=1, *c, d, **e):\n    return lambda x=a: [y async for y in x]\n",
    "class C(B, metaclass=M):\n    @d\n    def m(self): nonlocal x\n",
    "x = f'{a!r:>{w}.{p}} {b=} {{}}'\nassert x, 'msg'\n",
    "match p:\n    case [1, *r] | {'k': v} if v: pass\n    case C(a=1): pass\n",
    "try:\n    pass\nexcept* E as e:\n    pass\nfinally:\n    del x[1:2, ...]\n",
    "with (a as b, c as d):\n    yield from g()\n",
    "global g\nx: int = 5\n(a, *b), c = d = 1, 2\n",
    "while 1:\n    for i in r:\n        continue\n    else:\n        break\n",
    "if a:\n  pass\nelif b:\n\tpass\n",
    "x = 0x1F + 0o7 + 0b1 + 1_000 + 1.5e-3j + 2**-1\n",
    "s = rb'\\x00' b'' '\\N{BULLET}' '\\u1234' \"\"\"\nmulti\"\"\"\n",
    "async def f():\n    async with a:\n        await b\n    async for x in y: pass\n",
    "print(*a, **k, sep='')\n",
    "x = [i for i in range(3) if i for j in i]\n{k: v for k, v in d}\n",
    "a if b else c\nnot a or b and c < d <= e is not f in g\n",
    "@property\ndef p(self): return (yield)\n",
    "x = (  # comment\n  1,\n)\n\\\n\n",
]

JSON = [
    '{"a": [1, 2.5, -3e10, true, false, null], "b": {"c": "d\\u00e9\\n"}}',
    "[[[[[[[[[[]]]]]]]]]]",
    '"\\ud83d\\ude00 \\ud800 \\"x\\""',
    "1e400",
    "-0",
    "NaN",
    "[Infinity, -Infinity]",
    '{"a": 1, "a": 2}',
    "12345678901234567890123456789",
    "  [1,\n 2 , 3 ]  ",
    '{"k": [{"x": []}, {}, ""]}',
    b"\xef\xbb\xbf[1]",
    "[1, 2,]",
    '{"\\u0000": 0.1}',
]

# first byte: the value (index into the driver's values list), then the text
FORMAT = [
    (0, ">10"), (3, ",.2f"), (4, "_x"), (5, "#o"), (9, ".3e"), (10, "g"), (13, "%"),
    (15, "+08.3f"), (16, "^7s"), (16, "{0} {1!r} {k:>4} {x[0]}"), (3, "%5d %-5s %%"),
    (3, "%(a)s %(k)d"), (9, "%.60f"), (12, "e"), (21, "custom"), (19, "x<+#012,.5g"),
    (1, "{:{}}"), (4, "n"), (25, "c"), (6, "d"), (11, ".100"), (22, "{0[0]}"),
]

# flags byte, pattern, NUL, subject
RE = [
    (0, r"(\w+)@(\w+)\.com", "x a@b.com y c@d.com"),
    (1, r"(?P<n>ab)+(?P=n)?", "ABABab"),
    (2, r"^\s*(\d+)$", "1\n 22\nx"),
    (4, r"a.b", "a\nb"),
    (8, r" a  b # comment", "ab"),
    (0, r"(a+)+$", "aaaaaaaaaaaaaaaaaaaaab"),
    (0, r"(?<=a)b|(?!c)d|(?:e){2,3}", "abdeee"),
    (0, r"[^\W\d_]+|\bfoo\B", "foofoo café"),
    (16, r"\w+", "café"),
    (0, r"(a)|(b)", "b"),
    (0, r"x*", "xxyx"),
    (0, r"\\g<0>\1", "\\"),
    (0, r"[a-z&&[^e]]|\p{L}", "e"),
    (0, r"(?i:A)(?s:.)", "a\n"),
]


def tile_kernels():
    """Each @ct.kernel function of the tile tests, with the module-level constants it may
    read (simple NAME = literal assignments of its script)."""
    out = []
    for path in sorted(glob.glob(os.path.join(TESTS, "tile", "*.py")) +
                       glob.glob(os.path.join(TESTS, "tile_interp", "*.py"))):
        src = open(path, encoding="utf-8").read()
        try:
            tree = ast.parse(src)
        except SyntaxError:
            continue
        consts = [ast.get_source_segment(src, n) for n in tree.body
                  if isinstance(n, ast.Assign) and isinstance(n.value, (ast.Constant, ast.Subscript))]
        for node in tree.body:
            if not isinstance(node, ast.FunctionDef):
                continue
            if not any("kernel" in ast.get_source_segment(src, d) for d in node.decorator_list):
                continue
            seg = ast.get_source_segment(src, node)
            decos = "".join("@" + ast.get_source_segment(src, d) + "\n" for d in node.decorator_list)
            text = "\n".join(c for c in consts if c) + "\n" + decos + seg + "\n"
            # the launch byte: rank 2 when the kernel loads 2-d tiles, else rank 1
            rank2 = "(0, 0)" in seg or ", 0)," in seg
            out.append(bytes([1 if rank2 else 0]) + text.encode("utf-8"))
    return out


def api_programs():
    """Byte programs for fuzz_api.c: op, three operand bytes, then the op's own operands."""
    def op(code, a=0, b=0, c=0, *rest):
        return bytes([code, a, b, c] + list(rest))
    return [
        op(22, 1, 0, 0, 0) + op(16, 0) + op(12, 0, 0, 0, 1, 1) + op(26, 1, 0, 1),  # list ops
        op(0, 0, 0, 0, 200, 5) + op(4, 0, 0, 0, 1) + op(10, 1, 5, 0) + op(9, 1, 5, 0, 2),
        op(22, 3, 0, 0, 3) + op(0, 0, 0, 0, 7, 4) + op(19, 3, 4, 4, 2, 6) + op(27, 1, 6, 0, 7),
        op(2, 0, 0, 0, 5, 104, 101, 108, 108, 111, 0) + op(21, 0, 0, 0, 1) + op(7, 0, 0, 0),
        op(32, 1, 0, 0, 2) + op(21, 2, 14, 1, 3) + op(33, 2, 0, 0) + op(29, 0, 0, 0),
        op(36, 3, 2, 9, 2, 4) + op(37, 4, 4, 1, 5) + op(38, 0, 0, 0) + op(29, 0, 0, 0),
        op(28, 1, 0, 0) + op(0, 0, 0, 0, 3, 8) + op(14, 8, 8, 0) + op(39, 7, 2, 1),
        op(34, 0, 0, 0, 9) + op(22, 4, 0, 0, 10) + op(19, 9, 10, 11, 2, 12),
        op(35, 1, 1, 0, 13) + op(24, 13, 0, 0, 14) + op(25, 14, 0, 0, 15) + op(7, 14, 1, 0),
        op(23, 0, 0, 0, 16, 5, 120, 61, 49, 10, 10) + op(31, 21, 0, 0, 3),
    ]


EXEC = [
    "class I:\n    def __index__(self):\n        L.clear()\n        return 0\nL = [1, 2, 3]\n"
    "try:\n    L[I()] = 5\nexcept IndexError:\n    pass\n",
    "def g():\n    x = yield 1\n    yield x\nit = g()\nnext(it)\nit.send(2)\nit.close()\n",
    "import json, re\nprint(json.dumps(re.findall(r'\\d', 'a1b2')))\n",
    "d = {}\nfor i in range(100):\n    d[str(i)] = [i] * i\nprint(sum(map(len, d.values())))\n",
]


def python_dict():
    toks = keyword.kwlist + [
        "\n", "    ", ":", "(", ")", "[", "]", "{", "}", ",", ".", "=", "==", "!=", "+=", "-=", "*",
        "**", "//", "%", "@", "->", ":=", "<<", ">>", "&", "|", "^", "~", "...", "lambda x: x",
        "'''", '"""', "f'{", "}'", "b'", "r'", "\\", "\\n", "0x", "0o", "0b", "1e", "j", "_",
        "__init__", "__index__", "__eq__", "__hash__", "__len__", "__iter__", "__next__",
        "__getitem__", "__repr__", "__del__", "__class__", "__dict__", "self", "yield from",
        "await", "async def", "super()", "range(", "len(", "list(", "dict(", "bytearray(",
        "sorted(", "iter(", "next(", "isinstance(", "print(", "import ", "itertools",
        "functools", "collections", "json", "re", "math", "gpu", "tile", "struct", "sys", "gc"]
    lines = ["# python.dict: libFuzzer -dict= tokens for the script fuzzers (keywords, operators,",
             "# protocol names, modules). Written by make_seeds.py."]
    for i, t in enumerate(toks):
        # libFuzzer's dictionary syntax: \\, \" and \xNN escapes only
        esc = "".join("\\\\" if c == "\\" else '\\"' if c == '"' else
                      c if " " <= c <= "~" else "\\x%02X" % ord(c) for c in t)
        lines.append('kw%d="%s"' % (i, esc))
    with open(os.path.join(HERE, "python.dict"), "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    write("compile", COMPILE)
    write("exec", EXEC)
    write("json", JSON)
    write("format", [bytes([v]) + t.encode() for v, t in FORMAT])
    write("re", [bytes([f]) + p.encode() + b"\0" + s.encode() for f, p, s in RE])
    write("tile", tile_kernels())
    write("api", api_programs())
    python_dict()


if __name__ == "__main__":
    main()
