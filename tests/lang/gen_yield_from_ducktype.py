class MyGen:
    def __init__(self): self.v = 0
    def __iter__(self): return self
    def __next__(self): return self.send(None)
    def send(self, val):
        self.v += 1
        if self.v > 3: raise StopIteration(self.v * 10)
        return (self.v, val)
def gen():
    r = yield from MyGen()
    print("ret", r)
g = gen()
print(next(g), g.send("a"), g.send("b"))
try: g.send("c")
except StopIteration: print("stop")
class Thrower:
    def __iter__(self): return self
    def __next__(self): return 1
    def throw(self, *a):
        print("throw called", type(a[0]).__name__)
        return "from throw"
    def close(self): print("close called")
def g2():
    yield from Thrower()
x = g2()
print(next(x))
print(x.throw(ValueError("e")))
x.close()
