class N:
    def __init__(self, v): self.v = v
    def __index__(self): return self.v
    def __int__(self): return self.v + 100
    def __float__(self): return 1.5
    def __hash__(self): return 7
print([10, 20, 30][N(1)], hex(N(255)), bin(N(3)), range(N(3)))
print(int(N(1)), float(N(1)), hash(N(0)))
class R:
    def __round__(self, n=None): return ("round", n)
    def __reversed__(self): return iter([3, 2, 1])
    def __len__(self): return 3
print(round(R()), round(R(), 2), list(reversed(R())))
class Cmp:
    def __init__(self, v): self.v = v
    def __lt__(self, o): return self.v < o.v
    def __repr__(self): return "C%d" % self.v
print(sorted([Cmp(3), Cmp(1), Cmp(2)]), max(Cmp(1), Cmp(5)), min([Cmp(4), Cmp(2)]))
class Ctx:
    def __enter__(self): return "entered"
    def __exit__(self, *a): return False
with Ctx() as c:
    print(c)
