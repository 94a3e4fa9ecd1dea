# hash for types whose hash CPython fixes (ints, floats, tuples of them, bool); id() equality only.
for v in [0, 1, -1, -2, 2 ** 31, 2 ** 61 - 2, 2 ** 61 - 1, 2 ** 61, 2 ** 62, -(2 ** 61), 10 ** 30, -(10 ** 30),
          0.5, 1.0, -1.0, 1.5, 1e-300, 1e300, 3.14159, -0.1, True, False, (), (1,), (1, 2), (1, (2, 3)), (0.5, -1),
          ((), ()), (True, 2 ** 70)]:
    print(repr(v), hash(v))
print(hash(1) == hash(1.0) == hash(True), hash(2 ** 61 - 1) == hash(0), hash(frozenset([1, 2])) == hash(frozenset([2, 1])))
a = [1]
b = a
print(id(a) == id(b), id(a) == id([1]), id(None) == id(None), type(id(a)) is int)
class C:
    pass
c = C()
print(hash(c) == hash(c), type(hash(c)).__name__)
class H:
    def __hash__(self):
        return 12345
    def __eq__(self, o):
        return True
print(hash(H()), H() in {H(): 1})
class Big:
    def __hash__(self):
        return 2 ** 100
print(hash(Big()))
class Neg:
    def __hash__(self):
        return -1
print(hash(Neg()))
for bad in [[], {}, set()]:
    try:
        hash(bad)
    except TypeError as e:
        print("TypeError:", e)
class BadHash:
    def __hash__(self):
        return "x"
try:
    hash(BadHash())
except TypeError as e:
    print("TypeError:", e)
