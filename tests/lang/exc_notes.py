# exception notes (PEP 678): add_note, __notes__, errors, and notes in printed tracebacks
e = ValueError("v")
print(hasattr(e, "__notes__"))
e.add_note("first")
e.add_note("second\nmultiline")
print(e.__notes__)
try:
    e.add_note(42)
except TypeError as err:
    print("TypeError:", err)
e.__notes__ = "not a list"
try:
    e.add_note("x")
except TypeError as err:
    print("TypeError:", err)

import traceback
class Loud(Exception):
    pass

def fail():
    err = Loud("boom")
    err.add_note("while doing the thing")
    raise err

try:
    fail()
except Loud as err:
    print(err.__notes__)

# notes of any sequence type print; a non-sequence prints its repr
x = KeyError("k")
x.__notes__ = ("tuple note", 7)
y = OSError("o")
y.__notes__ = 12
try:
    raise ExceptionGroup("with notes", [x, y])
except ExceptionGroup as g:
    g.add_note("on the group")
    last = g

def finish():
    err = RuntimeError("at the end")
    err.add_note("note one")
    err.add_note("note two\n  indented")
    raise err from last

finish()
