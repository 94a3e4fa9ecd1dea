#!/usr/bin/env python3
"""gen_builtin_docs.py: writes stdlib/builtin_docs_data.c, the docstrings of krait's native
functions, types and modules, taken from CPython 3.11 (the reference: help(len) and
len.__doc__ print what CPython prints).

    python3 tools/gen_builtin_docs.py build/krait

krait lists what it has natively (the builtins, the methods of the builtin types, the
functions and classes of its native modules) as keys; CPython (this script's interpreter)
gives each key's __doc__ and __text_signature__. Keys are those of stdlib/builtin_docs.c:
"len", "str.split", "math.sqrt", "collections.deque.append", "module:math". The docstrings
are the Python Software Foundation's (PSF License), as CPython ships them."""
import builtins
import importlib
import os
import subprocess
import sys

MODULES = ["builtins", "sys", "math", "random", "time", "os", "os.path", "io", "json",
           "collections", "functools", "itertools", "array", "gc"]

# Run by krait: one key per line for every native callable, builtin type and module.
LISTER = r'''
import sys
MODULES = %r
seen = set()
def is_native(v):
    return type(v).__name__ == "builtin_function_or_method"
def emit(k):
    if k not in seen:
        seen.add(k)
        print(k)
def walk_type(t, prefix):
    emit(prefix)
    for name, v in list(t.__dict__.items()):
        if is_native(v):
            emit(prefix + "." + name)
        elif type(v).__name__ in ("classmethod", "staticmethod") and is_native(v.__func__):
            emit(prefix + "." + name)
        elif type(v).__name__ == "getset_descriptor":
            emit(prefix + "." + name)
for modname in MODULES:
    m = __import__(modname)
    for part in modname.split(".")[1:]:
        m = getattr(m, part)
    emit("module:" + modname)
    for name in dir(m):
        v = getattr(m, name)
        if is_native(v):
            emit(modname + "." + name if modname != "builtins" else name)
        elif isinstance(v, type) and (modname == "builtins" or v.__module__ == modname):
            walk_type(v, name if modname == "builtins" else modname + "." + name)
extra = [type(len), type(iter([])), type(iter(())), type(iter("")), type({}.keys()),
         type({}.values()), type({}.items()), type(lambda: 0), type(sys), type(None),
         type(NotImplemented), type(Ellipsis), type((x for x in ())), type(str.split)]
for t in extra:
    walk_type(t, t.__name__)
'''


def resolve(key):
    if key.startswith("module:"):
        try:
            return importlib.import_module(key[7:])
        except ImportError:
            return None
    parts = key.split(".")
    obj = None
    # the longest module prefix that imports
    for i in range(len(parts) - 1, 0, -1):
        name = ".".join(parts[:i])
        if name in MODULES:
            obj = importlib.import_module(name)
            rest = parts[i:]
            break
    else:
        obj = builtins
        rest = parts
        if not hasattr(builtins, parts[0]):
            obj = EXTRA_TYPES.get(parts[0])
            rest = parts[1:]
            if obj is None:
                return None
    for p in rest:
        d = getattr(obj, "__dict__", {})
        if p in d:
            obj = d[p]
            if isinstance(obj, (classmethod, staticmethod)):
                obj = obj.__func__
        else:
            obj = getattr(obj, p, None)
        if obj is None:
            return None
    return obj


EXTRA_TYPES = {t.__name__: t for t in [
    type(len), type(iter([])), type(iter(())), type(iter("")), type({}.keys()),
    type({}.values()), type({}.items()), type(lambda: 0), type(sys), type(None),
    type(NotImplemented), type(Ellipsis), type((x for x in ())), type(str.split),
    type(int.__add__), type(int.real)]}


def c_str(s):
    """A C string literal of s (UTF-8), one literal per line of s."""
    if s is None:
        return "NULL"

    def esc(line):
        out = []
        for ch in line.encode("utf-8"):
            c = chr(ch)
            if c in '\\"':
                out.append("\\" + c)
            elif c == "\n":
                out.append("\\n")
            elif 32 <= ch < 127 and c != "?":  # no trigraphs
                out.append(c)
            else:
                out.append("\\%03o" % ch)
        return '"' + "".join(out) + '"'

    lines = s.split("\n")
    pieces = [esc(l + "\n") for l in lines[:-1]] + [esc(lines[-1])]
    return "\n     ".join(pieces)


def main():
    krait = sys.argv[1] if len(sys.argv) > 1 else "build/krait"
    here = os.path.dirname(os.path.abspath(__file__))
    out = os.path.join(here, "..", "stdlib", "builtin_docs_data.c")
    keys = subprocess.run([krait, "-c", LISTER % (MODULES,)], check=True, capture_output=True,
                          text=True).stdout.split()
    rows = []
    for k in sorted(set(keys)):
        obj = resolve(k)
        if obj is None:
            continue
        doc = getattr(obj, "__doc__", None)
        if not isinstance(doc, str):
            doc = None
        if isinstance(obj, type) and k != "type" and doc == type.__doc__ and obj is not type:
            doc = None
        sig = getattr(obj, "__text_signature__", None)
        if not isinstance(sig, str):
            sig = None
        if doc is None and sig is None:
            continue
        rows.append((k, sig, doc))
    with open(out, "w") as f:
        f.write("/* builtin_docs_data.c: GENERATED by tools/gen_builtin_docs.py from CPython %s "
                "-- do not edit.\n" % sys.version.split()[0])
        f.write(" * The docstrings (and text signatures) of krait's native functions, types and "
                "modules, as\n * CPython's; sorted by key for stdlib/builtin_docs.c's binary "
                "search. (PSF License.) */\n")
        f.write('#include "builtin_docs.h"\n\n')
        f.write("const BuiltinDoc builtin_docs[] = {\n")
        for k, sig, doc in rows:
            f.write("    {%s,\n     %s,\n     %s},\n" % (c_str(k), c_str(sig), c_str(doc)))
        f.write("};\n\nconst size_t builtin_docs_count = sizeof builtin_docs / sizeof "
                "builtin_docs[0];\n")
    print("%d entries of %d keys -> %s" % (len(rows), len(set(keys)), out))


if __name__ == "__main__":
    main()
