from collections import namedtuple
P = namedtuple('P', 'x y')
p = P(1, 2)
print(p, p.x, p.y, p[0], p[-1], len(p), tuple(p))
print(P(x=3, y=4), P(5, y=6))
print(p._asdict(), p._replace(x=9), P._fields, P._make([7, 8]))
a, b = p
print(a, b, p == (1, 2), isinstance(p, tuple))
Q = namedtuple('Q', ['a', 'b', 'c'], defaults=[0, 1])
print(Q(5), Q(5, 6), Q(1, 2, 3), Q._field_defaults)
R = namedtuple('R', 'a, b')
print(R(1, 2), R.__name__)
try:
    P(1)
except TypeError as e:
    print(e)
try:
    P(1, 2, 3)
except TypeError as e:
    print(e)
try:
    p.x = 5
except AttributeError as e:
    print(e)
print(hash(p) == hash((1, 2)), sorted([P(2, 1), P(1, 2)]))
class Pt(namedtuple('Pt', 'x y')):
    def norm(self):
        return abs(self.x) + abs(self.y)
print(Pt(-1, 2).norm(), Pt(1, 1))
S = namedtuple('S', 'a def', rename=True)
print(S._fields)
