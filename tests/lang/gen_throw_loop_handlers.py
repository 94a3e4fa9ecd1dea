def g():
    while True:
        try:
            yield
        except ValueError:
            print("VE")
it = g(); next(it)
it.throw(ValueError); it.throw(ValueError)
it.close()
print("ok")
def g2():
    try:
        yield 1
    except StopIteration:
        print("caught SI")
        yield 2
it = g2(); next(it)
print(it.throw(StopIteration))
def g3():
    return (yield)
g = g3(); next(g)
try: g.send(42)
except StopIteration as e: print(e.value)
def g4():
    try:
        yield 1
    finally:
        print("cleanup in g4")
def wrap():
    yield from g4()
w = wrap()
next(w)
w.close()
print("closed")
