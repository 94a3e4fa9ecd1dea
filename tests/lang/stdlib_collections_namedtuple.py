# collections.namedtuple: construction, access, defaults, helpers, errors
from collections import namedtuple

Point = namedtuple('Point', ['x', 'y'])
p = Point(1, 2)
print(p, p.x, p.y, p[0], p[-1], len(p), list(p), isinstance(p, tuple))
print(Point(x=3, y=4), Point(5, y=6), p == (1, 2), p == Point(1, 2), hash(p) == hash((1, 2)))
x, y = p
print(x + y, p._asdict(), p._replace(x=10), Point._make([7, 8]), Point._fields)
print(p[:1], p + (3,), sorted([Point(2, 1), Point(1, 5)]))
P3 = namedtuple('P3', 'a, b c', defaults=[0, 9])
print(P3(1), P3(1, 2), P3(1, 2, 3), P3._field_defaults)
R = namedtuple('R', ['ok', 'def', 'ok', '_x'], rename=True)
print(R._fields, R(1, 2, 3, 4))
Single = namedtuple('Single', 'value')
print(Single(5), Single._fields, type(p).__name__, Point.__name__)
d = {Point(0, 0): 'origin'}
print(d[(0, 0)])
for bad in [lambda: Point(1), lambda: Point(1, 2, 3), lambda: Point(1, z=2),
            lambda: namedtuple('Bad', 'a a'), lambda: namedtuple('Bad', '_a'),
            lambda: namedtuple('Bad', 'class'), lambda: namedtuple('1Bad', 'a'),
            lambda: Point._make([1]), lambda: p._replace(z=1)]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
