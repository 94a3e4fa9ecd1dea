# except*: handlers get the matching part of a group, naked exceptions are wrapped, the rest escapes
def f(exc):
    try:
        raise exc
    except* ValueError as e:
        print("VE:", repr(e))
    except* TypeError as e:
        print("TE:", repr(e))
    except* (KeyError, IndexError) as e:
        print("KI:", repr(e))

f(ExceptionGroup("eg", [ValueError(1), TypeError(2), KeyError(3)]))
f(ValueError("naked"))
try:
    f(ExceptionGroup("eg", [ValueError(1), OSError(2)]))
except ExceptionGroup as e:
    print("escaped:", repr(e))
try:
    f(OSError("naked os"))
except OSError as e:
    print("escaped naked:", repr(e))

def g():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* ValueError:
        raise
    except* TypeError:
        pass
try:
    g()
except ExceptionGroup as e:
    print("reraised:", repr(e))

def h():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* ValueError:
        raise KeyError("new")
try:
    h()
except ExceptionGroup as e:
    print("raised new:", repr(e), repr(e.exceptions[0].__context__))

import sys
try:
    raise ExceptionGroup("x", [ValueError(5)])
except* ValueError as e:
    print(repr(sys.exc_info()[1]))
print(sys.exc_info())
try:
    try:
        raise ValueError(1)
    except* ExceptionGroup:
        pass
except TypeError as e:
    print(e)
for x in range(3):
    try:
        pass
    except* ValueError:
        pass
    else:
        print("else", x)
    finally:
        print("finally", x)
