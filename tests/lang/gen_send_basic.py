def acc():
    total = 0
    while True:
        x = yield total
        if x is None: break
        total += x
    return "final %d" % total
g = acc()
print(next(g))
print(g.send(5), g.send(10))
try:
    g.send(None)
except StopIteration as e:
    print("stop", e.value, e.args)
g = acc()
try:
    g.send(1)
except TypeError as e:
    print(e)
def echo():
    r = yield
    while True:
        r = yield r * 2
e = echo()
e.send(None)
print(e.send(3), e.send("ab"))
