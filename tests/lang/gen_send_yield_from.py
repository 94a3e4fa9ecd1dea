def inner():
    total = 0
    while True:
        v = yield total
        if v is None:
            return total
        total += v
def outer():
    r = yield from inner()
    yield "result %d" % r
g = outer()
next(g)
g.send(1)
print(g.send(2))
print(g.send(None))
def gen():
    yield from (x for x in range(2))
print(list(gen()))
def it_send():
    yield from iter([1, 2])
g = it_send()
next(g)
try:
    g.send(5)
except AttributeError as e:
    print("AttributeError", e)
