def gen():
    try:
        yield 1
    finally:
        return "finret"
g = gen(); next(g)
try:
    g.throw(ValueError)
except StopIteration as e:
    print("stop", e.value)
def g2():
    yield 1
x = g2()
try:
    x.throw(ValueError("a"), None, None)
except ValueError as e:
    print("got", e)
g = (i for i in range(3))
print(next(g)); g.close(); print(next(g, "x"))
gen = (x for x in [1])
try:
    gen.send(1)
except TypeError as e:
    print(e)
