# an uncaught exception group: nested groups, chained members and notes, printed as CPython
def f():
    raise ValueError("inner")
def g():
    try:
        f()
    except ValueError as e:
        raise TypeError("ctx") from e
try:
    g()
except TypeError as t:
    x = t
e2 = KeyError("k")
e2.add_note("a note\nwith two lines")
e2.add_note("second")
try:
    raise e2
except KeyError as k:
    y = k
raise ExceptionGroup("outer", [x, ExceptionGroup("nested", [y, OSError(5)]), ValueError("plain")])
