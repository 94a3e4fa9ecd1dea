def g():
    x = yield
    print("x", x)
    y = (yield x) + 1
    print("y", y)
    yield [(yield), (yield)]
it = g()
print(next(it))
print(it.send(1))
print(it.send(5))
print(it.send("a"))
print(it.send("b"))
def h():
    l = [(yield i) for i in range(0)]
    yield "h"
print(list(h()))
def k():
    yield 1, 2
    yield
print(list(k()))
