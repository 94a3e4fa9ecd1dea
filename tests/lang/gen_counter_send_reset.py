def counter():
    n = 0
    while True:
        cmd = yield n
        if cmd == "reset": n = 0
        else: n += 1
c = counter()
print(next(c), next(c), c.send("reset"), next(c))
def outer():
    def inner():
        yield x
    x = 5
    return inner()
print(list(outer()))
def f():
    yield from (lambda: (yield 1))()
print(list(f()))
