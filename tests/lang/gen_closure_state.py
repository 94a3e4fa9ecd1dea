def make():
    items = []
    def gen():
        for i in items:
            yield i
    return items, gen
items, gen = make()
items.extend([1, 2])
print(list(gen()))
def g(a, *args, k=5, **kw):
    yield a
    yield args
    yield k
    yield kw
print(list(g(1, 2, 3, k=4, z=9)))
class C:
    def __init__(self, n): self.n = n
    def __iter__(self):
        for i in range(self.n):
            yield i
print(list(C(3)), [x for x in C(2)])
def gen_locals():
    x = 1
    yield x
    x += 1
    yield x
print(list(gen_locals()))
