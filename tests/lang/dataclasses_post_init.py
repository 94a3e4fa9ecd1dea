# dataclasses: __post_init__, init=False fields and computed attributes
from dataclasses import dataclass, field

@dataclass
class Rect:
    w: float
    h: float
    area: float = field(init=False)

    def __post_init__(self):
        self.area = self.w * self.h

r = Rect(2, 3)
print(r, r.area)

@dataclass
class Base:
    a: int
    def __post_init__(self):
        print("  Base.__post_init__", self.a)

@dataclass
class Derived(Base):
    b: int = 1
    def __post_init__(self):
        super().__post_init__()
        print("  Derived.__post_init__", self.b)

Derived(5, 6)

@dataclass
class Validated:
    age: int
    def __post_init__(self):
        if self.age < 0:
            raise ValueError(f"age must be >= 0, got {self.age}")

print(Validated(3))
try:
    Validated(-1)
except ValueError as e:
    print("ValueError:", e)
