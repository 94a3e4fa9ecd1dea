def inner():
    x = yield 1
    print("inner got", x)
    y = yield 2
    print("inner got", y)
    return "inner-ret"
def outer():
    r = yield from inner()
    print("outer got", r)
    yield 3
g = outer()
print(next(g))
print(g.send("a"))
print(g.send("b"))
print(list(g))
def flat(l):
    for x in l:
        if isinstance(x, list):
            yield from flat(x)
        else:
            yield x
print(list(flat([1, [2, [3, 4]], 5])))
def yf_iter():
    yield from range(3)
    yield from "ab"
    r = yield from []
    print("r", r)
print(list(yf_iter()))
