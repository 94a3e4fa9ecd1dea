def inner():
    try:
        yield 1
        yield 2
    except ValueError:
        print("inner caught")
        yield "inner-recover"
    finally:
        print("inner finally")
def outer():
    try:
        yield from inner()
    finally:
        print("outer finally")
g = outer()
print(next(g))
print(g.throw(ValueError))
g.close()
print("--")
g = outer()
next(g)
try:
    g.throw(KeyError("k"))
except KeyError as e:
    print("out", e)
class It:
    def __init__(self): self.i = 0
    def __iter__(self): return self
    def __next__(self):
        self.i += 1
        if self.i > 2: raise StopIteration("val")
        return self.i
def d():
    r = yield from It()
    print("ret", r)
print(list(d()))
