# Generators (next issue): yield, send, return values, exhaustion, generator expressions.
def count_up(n):
    i = 0
    while i < n:
        yield i
        i += 1
    return "done"
g = count_up(3)
print(type(g).__name__, next(g), next(g), next(g))
try:
    next(g)
except StopIteration as e:
    print("StopIteration value:", e.value)
print(list(count_up(5)), sum(count_up(101)), list(count_up(0)))
def echo():
    got = yield "ready"
    while True:
        got = yield got * 2
e = echo()
print(next(e), e.send(5), e.send("ab"))
def delegate():
    r = yield from count_up(2)
    yield r
print(list(delegate()))
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
f = fib()
print([next(f) for _ in range(15)])
def closing():
    try:
        yield 1
        yield 2
    finally:
        print("generator cleanup")
c = closing()
print(next(c))
c.close()
print(list(x * x for x in count_up(4)), any(v > 2 for v in count_up(10)))
