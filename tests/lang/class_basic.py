# Classes: __init__, methods, class vs instance attributes, repr/str/eq, identity.
class Point:
    dims = 2
    def __init__(self, x, y=0):
        self.x = x
        self.y = y
    def norm2(self):
        return self.x * self.x + self.y * self.y
    def moved(self, dx, dy):
        return Point(self.x + dx, self.y + dy)
    def __repr__(self):
        return f"Point({self.x!r}, {self.y!r})"
    def __str__(self):
        return f"({self.x}, {self.y})"
    def __eq__(self, other):
        return isinstance(other, Point) and (self.x, self.y) == (other.x, other.y)
p = Point(3, 4)
q = p.moved(1, -1)
print(p, repr(p), str(q), [p, q], p.norm2(), q.norm2(), p == Point(3, 4), p != q, p == 5, p is p)
print(Point.dims, p.dims, type(p).__name__, type(p) is Point, isinstance(p, Point), isinstance(p, object))
p.dims = 3
print(p.dims, Point.dims, Point(0).dims)
Point.dims = 10
print(Point(0).dims, p.dims)
p.extra = "dynamic"
print(p.extra, hasattr(p, "extra"), hasattr(q, "extra"), getattr(q, "extra", "default"))
setattr(q, "x", 100)
print(q.x, getattr(q, "y"), sorted(vars(p).items()) if False else sorted(p.__dict__))
del p.extra
print(hasattr(p, "extra"))
try:
    p.nope
except AttributeError as e:
    print("AttributeError:", e)
try:
    Point()
except TypeError as e:
    print("TypeError:", e)
try:
    hash(p)
except TypeError as e:
    print("TypeError:", e)
m = p.norm2
print(m(), Point.norm2(p), callable(m), m.__self__ is p, m.__func__ is Point.norm2)
class Empty:
    pass
e = Empty()
print(type(e).__name__, repr(e)[:16], str(e) == repr(e), e == e, e != Empty(), bool(e))
class Counter:
    instances = 0
    def __init__(self):
        Counter.instances += 1
        self.id = Counter.instances
cs = [Counter() for _ in range(3)]
print(Counter.instances, [c.id for c in cs])
print(Point.__name__, Point.__qualname__, Point.__module__ if False else "", Point.__doc__, Empty.__bases__)
