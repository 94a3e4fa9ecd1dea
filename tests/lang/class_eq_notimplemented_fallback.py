class A:
    def __eq__(self, o): return NotImplemented
a = A()
print(a == a, a == A(), a != a, a != A())
class Foo:
    def __init__(self, x): self.x = x
    def __eq__(self, other):
        if not isinstance(other, Foo):
            return NotImplemented
        return self.x == other.x
print(Foo(1) == Foo(1), Foo(1) != Foo(2), Foo(1) == 1, [Foo(1)].count(Foo(1)))
print(Foo(1) in [Foo(2), Foo(1)], [Foo(3)].index(Foo(3)))
