# dataclasses: ClassVar annotations are not fields; class attributes and descriptors stay
from dataclasses import dataclass, fields
from typing import ClassVar

@dataclass
class Counter:
    count: ClassVar[int] = 0
    name: str
    step: int = 1

    def __post_init__(self):
        Counter.count += 1

Counter("a")
Counter("b", 2)
print(Counter.count, [f.name for f in fields(Counter)])
print(Counter("c"))

@dataclass
class WithProperty:
    _value: int = 0

    @property
    def doubled(self):
        return self._value * 2

    @staticmethod
    def helper():
        return "static"

w = WithProperty(4)
print(w, w.doubled, WithProperty.helper())

@dataclass(repr=False)
class NoRepr:
    x: int

print(repr(NoRepr(1)).startswith("<"), NoRepr(1) == NoRepr(1))

@dataclass(init=False)
class NoInit:
    x: int = 3

n = NoInit()
print(n, n.x)
