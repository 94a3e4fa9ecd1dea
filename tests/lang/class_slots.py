# __slots__: member descriptors, no __dict__, AttributeError on other names, inheritance
class P:
    __slots__ = ("x", "y")
    def __init__(self, x):
        self.x = x
p = P(1)
print(p.x, P.x, type(P.x).__name__)
try: p.y
except AttributeError as e: print("AE", e)
try: p.z = 3
except AttributeError as e: print("AE", e)
try: p.__dict__
except AttributeError as e: print("AE", e)
try: vars(p)
except TypeError as e: print("TE", e)
p.y = 5; print(p.y); del p.y
try: del p.y
except AttributeError as e: print("AE", e)
class Q(P):
    pass
q = Q(2); q.z = 9; print(q.z, q.__dict__)
class R(P):
    __slots__ = ("__dict__", "w")
r = R(3); r.anything = 1; print(r.__dict__, r.x)
class S:
    __slots__ = "single"
s = S(); s.single = 1; print(s.single, S.__slots__)
class Priv:
    __slots__ = ("__hidden",)
    def __init__(self): self.__hidden = 4
    def get(self): return self.__hidden
print(Priv().get(), Priv._Priv__hidden)
for bad in [("a", "a"), (1,), ("1x",), ("__dict__", "__dict__")]:
    try:
        type("B", (), {"__slots__": bad})
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
try:
    class C:
        __slots__ = ("a",)
        a = 1
except ValueError as e:
    print(e)
class T(tuple):
    __slots__ = ()
t = T((1, 2))
try: t.x = 1
except AttributeError as e: print("AE", e)
class E(Exception):
    __slots__ = ("code",)
e = E("m"); e.other = 1; print(e.other)
class Empty:
    __slots__ = ()
try: Empty().a = 1
except AttributeError as e: print("AE", e)
print(P.x.__name__, P.x.__objclass__)
print(repr(P.x))
try: P.x.__get__(5, int)
except TypeError as e: print(e)
import dataclasses
@dataclasses.dataclass(slots=True)
class D:
    a: int
    b: int = 2
d = D(1)
print(d, D.__slots__)
try: d.c = 1
except AttributeError as e: print("AE", e)
class A:
    __slots__ = ("a",)
class B:
    __slots__ = ("b",)
try:
    class AB(A, B): pass
except TypeError as e:
    print(e)

class Node:
    __slots__ = ("val", "next")
    def __init__(self, v, n=None):
        self.val = v; self.next = n
head = None
for i in range(2000):
    head = Node([i], head)

s = 0
while head:
    s += head.val[0]; head = head.next
print(s)
