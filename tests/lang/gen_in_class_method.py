class Tree:
    def __init__(self, v, kids=()):
        self.v = v; self.kids = kids
    def walk(self):
        yield self.v
        for k in self.kids:
            yield from k.walk()
t = Tree(1, [Tree(2, [Tree(3)]), Tree(4)])
print(list(t.walk()))
class Range:
    def __init__(self, n): self.n = n
    def __iter__(self):
        i = 0
        while i < self.n:
            yield i
            i += 1
r = Range(3)
print(list(r), list(r), 2 in r)
