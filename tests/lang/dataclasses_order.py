# dataclasses: order=True compares as tuples of the fields; eq=False keeps identity
from dataclasses import dataclass, field

@dataclass(order=True)
class Version:
    major: int
    minor: int = 0
    label: str = field(default="", compare=False)

vs = [Version(1, 2), Version(0, 9, "old"), Version(1, 0), Version(1, 2, "dup")]
print(sorted(vs))
print(Version(1, 2) < Version(1, 3), Version(2) > Version(1, 9), Version(1, 2) == Version(1, 2, "x"))
print(Version(1) <= Version(1), Version(1) >= Version(2))
try:
    Version(1) < (1, 0)
except TypeError as e:
    print("TypeError:", e)

@dataclass(eq=False)
class Node:
    value: int

a, b = Node(1), Node(1)
print(a == b, a == a, hash(a) == id(a) // 16 or True)
try:
    @dataclass(order=True, eq=False)
    class Bad:
        x: int
except ValueError as e:
    print("ValueError:", e)
