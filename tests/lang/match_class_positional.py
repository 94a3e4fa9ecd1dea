# match: class patterns with positional sub-patterns through __match_args__
class Point:
    __match_args__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y

def where(p):
    match p:
        case Point(0, 0):
            return "origin"
        case Point(0, y):
            return f"on the y axis at {y}"
        case Point(x, 0):
            return f"on the x axis at {x}"
        case Point(x, y) if x == y:
            return f"diagonal {x}"
        case Point(x, y):
            return f"somewhere {x},{y}"
        case _:
            return "not a point"

for p in [Point(0, 0), Point(0, 3), Point(4, 0), Point(2, 2), Point(1, 5), (0, 0)]:
    print(where(p))

# builtin types match themselves with one positional pattern
def kind(v):
    match v:
        case bool(b):
            return f"bool {b}"
        case int(i):
            return f"int {i}"
        case float(f):
            return f"float {f}"
        case str(s):
            return f"str {s!r}"
        case bytes(b):
            return f"bytes {b!r}"
        case list([first, *_]):
            return f"list starting with {first}"
        case tuple(t):
            return f"tuple of {len(t)}"
        case dict({"k": v}):
            return f"dict with k={v}"
        case set(s) | frozenset(s):
            return f"set of {len(s)}"
        case _:
            return "other"

for v in [True, 3, 2.5, "s", b"b", [9, 8], (1, 2), {"k": 0}, {1}, frozenset(), [], None]:
    print(repr(v), "->", kind(v))

# subclasses of builtins keep the self-matching
class MyInt(int):
    pass

match MyInt(5):
    case int(n):
        print("MyInt as int", n, type(n).__name__)

# a subclass with its own __match_args__ loses it
class Named(int):
    __match_args__ = ("real",)

match Named(7):
    case Named(r):
        print("real", r)

# dataclasses generate __match_args__
from dataclasses import dataclass, field

@dataclass
class Item:
    name: str
    price: float
    tags: list = field(default_factory=list)

print(Item.__match_args__)
match Item("pen", 1.5, ["office"]):
    case Item(n, p, [tag]):
        print(n, p, tag)

# inheritance: the subclass inherits __match_args__
class Point3(Point):
    __match_args__ = ("x", "y", "z")
    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z

match Point3(1, 2, 3):
    case Point(a, b):
        print("as Point", a, b)
match Point3(1, 2, 3):
    case Point3(a, b, c):
        print("as Point3", a, b, c)
