from dataclasses import dataclass, field, fields, asdict
from typing import List
@dataclass
class Animal:
    name: str
    sound: str = "..."
    def speak(self):
        return f"{self.name} says {self.sound}"
@dataclass
class Dog(Animal):
    sound: str = "woof"
    tricks: List[str] = field(default_factory=list)
@dataclass(order=True)
class Puppy(Dog):
    age: int = 0
d = Dog("rex", tricks=["sit"])
print(d, d.speak(), [f.name for f in fields(Puppy)], Puppy("a", age=2) < Puppy("a", age=3), isinstance(Puppy("x"), Animal))
print(asdict(Puppy("p", "yip", ["roll"], 1)), Dog.__init__.__qualname__ if hasattr(Dog.__init__, "__qualname__") else "", Dog.__eq__ is not Animal.__eq__)
class Plain:
    x = 5
@dataclass
class Mixed(Plain):
    y: int = 1
print(Mixed(), Mixed.x, fields(Mixed)[0].name)
@dataclass
class WithRepr:
    a: int
    def __repr__(self):
        return "custom"
print(WithRepr(1), WithRepr(1) == WithRepr(1))
@dataclass(frozen=True)
class FBase:
    x: int
try:
    @dataclass
    class Thaw(FBase):
        y: int = 0
except TypeError as e:
    print("TypeError:", e)
@dataclass
class Counter:
    count: int = 0
    def inc(self):
        self.count += 1
        return self
print(Counter().inc().inc(), Counter(5) != Counter(6))
