# Compiler: control flow through try/except/finally and with (return/break/continue unwinding),
# unpacking, augmented assignment, comparisons, f-strings, assert, generators, imports, del.
def t1():
    for i in range(5):
        try:
            if i == 1:
                continue
            if i == 3:
                break
            print("body", i)
        finally:
            print("fin", i)
    else:
        print("no")
    return "end"
print(t1())
def t2():
    try:
        return "try"
    finally:
        print("finally runs")
print(t2())
def t3():
    try:
        1 / 0
    except ZeroDivisionError as e:
        print("caught", e)
        return "ret-from-except"
    finally:
        print("fin3")
print(t3())
def t4():
    for i in range(3):
        try:
            raise ValueError(i)
        except ValueError as e:
            if i == 1:
                continue
            print("v", e)
        else:
            print("never")
    try:
        e
    except NameError as ne:
        print("e cleared:", ne)
t4()
def t5():
    try:
        try:
            raise KeyError("k")
        finally:
            print("inner fin")
    except KeyError as e:
        print("outer", repr(e))
t5()
def t6():
    while True:
        try:
            return 1
        finally:
            break
    return 2
print(t6())
class CM:
    def __init__(self, name, suppress=False):
        self.name = name; self.suppress = suppress
    def __enter__(self):
        print("enter", self.name); return self.name
    def __exit__(self, t, v, tb):
        print("exit", self.name, t.__name__ if t else None); return self.suppress
with CM("a") as a, CM("b") as b:
    print("in", a, b)
with CM("s", True):
    raise RuntimeError("x")
print("after suppress")
def t7():
    for i in range(3):
        with CM(i):
            if i == 1:
                break
    with CM("r"):
        return "with-return"
print(t7())
try:
    with CM("err"):
        raise TypeError("boom")
except TypeError as e:
    print("propagated", e)
a, *b, c = range(6); print(a, b, c)
(x, y), z = (1, 2), 3; print(x, y, z)
[p, *q] = "hi"; print(p, q)
d = {"k": [1, 2]}
d["k"][0] += 10; print(d)
class O: pass
o = O(); o.v = 1; o.v += 2; print(o.v)
s = [1, 2, 3, 4]
s[1:3] = [9]; print(s); del s[0]; print(s)
print(1 < 2 < 3, 1 < 3 < 2, 3 > 2 == 2, (1 < 2) is True)
print(0 or "x", 1 and 0, not 0, None if 0 else "else")
n = 5; print(f"{n!r:>4}|{n*2}|{'s'!s}|{3.14159:.2f}|{n:{n}}|")
try:
    assert n < 0, f"n={n}"
except AssertionError as e:
    print("assert", e)
def gen():
    x = yield 1
    print("got", x)
    yield from range(2)
    return "done"
g = gen(); print(next(g), g.send("sent"), next(g))
try:
    next(g)
except StopIteration as e:
    print("stop", e.value)
i = 0
while i < 3:
    i += 1
else:
    print("while else", i)
try:
    raise ValueError("a") from KeyError("b")
except ValueError as e:
    print(repr(e.__cause__))
try:
    try:
        raise ValueError("inner")
    except ValueError:
        raise
except ValueError as e:
    print("reraised", e)
import math as m, os.path
from math import sqrt as sq, pi
print(sq(16), round(pi, 2), m.floor(2.5))
print(type(os.path).__name__)
del a, b
try:
    print(a)
except NameError as e:
    print(e)
