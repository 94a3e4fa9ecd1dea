# dataclasses: replace() builds a new instance through __init__ (and __post_init__)
from dataclasses import dataclass, field, replace, InitVar

@dataclass
class P:
    x: int
    y: int = 0
    z: list = field(default_factory=list)

p = P(1, 2, [3])
q = replace(p, y=5)
print(p, q, q.z is p.z)
try:
    replace(p, w=1)
except TypeError as e:
    print("TypeError:", e)

@dataclass
class C:
    a: int
    b: int = field(init=False, default=0)
    def __post_init__(self):
        self.b = self.a * 10
        print("  post_init a =", self.a)

c = replace(C(1), a=2)
print(c)
try:
    replace(C(1), b=3)
except ValueError as e:
    print("ValueError:", e)

@dataclass
class WithInit:
    v: int
    scale: InitVar[int] = 1
    def __post_init__(self, scale):
        self.v *= scale

w = WithInit(2, 3)
print(w, replace(w, scale=10), replace(w))
try:
    replace(3)
except TypeError as e:
    print("TypeError:", e)
