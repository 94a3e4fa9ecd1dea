# Compiler: finally overriding return/exceptions, class-scope comprehensions, walrus at module
# level, nested format specs, unpacking forms, except-variable cleanup, __debug__.
def ret_in_finally():
    try:
        raise ValueError("lost")
    finally:
        return "finally wins"
print(ret_in_finally())
def break_in_finally():
    for i in range(3):
        try:
            raise KeyError(i)
        finally:
            break
    return i
print(break_in_finally())
def try_in_finally():
    try:
        return 1
    finally:
        try:
            raise ValueError
        except ValueError:
            print("handled in finally")
print(try_in_finally())
def gen_close():
    try:
        yield 1
        yield 2
    finally:
        print("gen finally")
g = gen_close(); next(g); g.close()
class C:
    vals = [1, 2]
    doubled = [v * 2 for v in vals]
    try:
        bad = [v for v in range(2) for w in vals]
    except NameError as e:
        print("NameError:", e)
print(C.doubled)
class S:
    def m(self):
        return [super().__class__.__name__ for _ in range(1)]
print(S.m.__qualname__)
[gw := 7 for _ in range(1)]
print(gw)
def setg():
    global newg
    newg = 3
setg(); print(newg)
for a, *rest in [(1, 2, 3), (4,)]:
    print(a, rest)
w = 10; p = 3
print(f"{w:>{p}}|{w!r:^{p+2}}|{'x'*2!s:<5}|{w:#x}|{3.5:{'.2f'}}")
fact = lambda n: 1 if n <= 1 else n * fact(n - 1)
print(fact(10))
def exc_var_scope():
    e = "before"
    try:
        raise Exception("x")
    except Exception as e:
        pass
    try:
        return e
    except UnboundLocalError as u:
        return "unbound: " + str(u)
print(exc_var_scope())
x = 0
def chain():
    return 1 < x + 1 < 3 > 2 != 4
print(chain())
def ann_local():
    y: int
    y = 2
    return y
print(ann_local())
print(not 1 == 2, not (1 and 0), (lambda: (yield))().__class__.__name__)
def many(*, a, b=2):
    return a + b
print(many(a=1), many(b=5, a=1))
d = {}
d.setdefault("k", []).append(1); print(d)
i = j = k = 5; print(i, j, k)
a = [1, 2, 3]; a[0], a[1] = a[1], a[0]; print(a)
x, y = y, x = 1, 2; print(x, y)
print([(yield_ := 1)] if False else "n", type(...).__name__, ..., None.__class__.__name__)
print(*[1, 2], sep="-")
print(b"bytes" + b"\x00\xff", len(b"\x00"), "\u00e9", '\N{BULLET}' if False else "")
print(0.1 + 0.2, 1e300 * 10, -(-3), +4, ~5, 7 // -2, -7 % 3, 2 ** -1)
print(__debug__)
