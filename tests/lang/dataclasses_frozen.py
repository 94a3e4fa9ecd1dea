# dataclasses: frozen=True forbids assignment and deletion, and makes instances hashable
from dataclasses import dataclass, FrozenInstanceError, replace

@dataclass(frozen=True)
class Point:
    x: int
    y: int = 0

p = Point(1, 2)
print(p, hash(p) == hash(Point(1, 2)), p == Point(1, 2))
for action in ("assign", "delete", "new"):
    try:
        if action == "assign":
            p.x = 5
        elif action == "delete":
            del p.y
        else:
            p.z = 1
    except FrozenInstanceError as e:
        print(action, type(e).__name__, e)
print(issubclass(FrozenInstanceError, AttributeError))
print(replace(p, y=9), p)
s = {Point(1), Point(1), Point(2)}
print(len(s))

@dataclass(frozen=True)
class Child(Point):
    z: int = 3

print(Child(1, 2, 3))
try:
    @dataclass
    class Thawed(Point):
        w: int = 0
except TypeError as e:
    print("TypeError:", e)
