"""tracer_cpython.py: CPython's line events for examples/embed/tracer.c's script, written as
the coverage lines of tracer.expect (regular expressions), so that they can be compared:

    python3 tests/embed/examples/tracer_cpython.py | diff - <(grep '^^ *[0-9-]* \\\\|' \\
        tests/embed/examples/tracer.expect)

The script is read out of tracer.c (its `script` string literal)."""
import collections
import os
import re
import sys

here = os.path.dirname(os.path.abspath(__file__))
c_src = open(os.path.join(here, "..", "..", "..", "examples", "embed", "tracer.c")).read()
body = c_src.split("static const char *script =", 1)[1].split(";", 1)[0]
source = "".join(bytes(s, "ascii").decode("unicode_escape") for s in re.findall(r'"((?:[^"\\]|\\.)*)"', body))

hits = collections.Counter()


def trace(frame, event, arg):
    if frame.f_code.co_filename != "prog.py":
        return None
    if event == "line":
        hits[frame.f_lineno] += 1
    return trace


code = compile(source, "prog.py", "exec")
out, sys.stdout = sys.stdout, open(os.devnull, "w")
sys.settrace(trace)
exec(code, {})
sys.settrace(None)
sys.stdout = out
for n, line in enumerate(source.splitlines(), 1):
    if not line:
        continue  # blank lines: the host prints them without a count
    count = str(hits[n]) if hits[n] else "-"
    print("^%5s \\| %s$" % (count, re.sub(r"([()\[\]*+.|])", r"\\\1", line)))
