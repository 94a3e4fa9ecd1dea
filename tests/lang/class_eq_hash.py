class A:
    def __init__(self, v): self.v = v
    def __eq__(self, o): return isinstance(o, A) and self.v == o.v
a = A(1)
print(a == A(1), a != A(1), a == 1, a != 2)
print(A.__hash__)
try:
    hash(a)
except TypeError as e:
    print(e)
try:
    {a}
except TypeError as e:
    print(e)
class B(A):
    def __hash__(self): return hash(self.v)
print(hash(B(3)) == hash(3), len({B(1), B(1), B(2)}))
class C:
    pass
c = C()
print(hash(c) == hash(c), c == c, c != C())
class D:
    __hash__ = None
try:
    hash(D())
except TypeError as e:
    print(e)
class E:
    def __ne__(self, o): return "ne!"
print(E() != 1, E() == 1)
class F:
    def __eq__(self, o): return "eq!"
print(F() != 1)
print(1 == F(), 1 != F())
class G:
    def __lt__(self, o): return "lt"
    def __ge__(self, o): return "ge"
print(G() < 1, 1 > G(), G() >= 1, 1 <= G())
