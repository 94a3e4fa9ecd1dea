# enum: mixin types (str, int, float, a user class) and member values through __new__
from enum import Enum

class Sign(str, Enum):
    PLUS = "+"
    MINUS = "-"

print(Sign.PLUS == "+", Sign("-"), Sign.PLUS.join(["a", "b"]), repr(Sign.MINUS))

class Ratio(float, Enum):
    HALF = 0.5
    QUARTER = 0.25

print(Ratio.HALF * 4, Ratio(0.25), repr(Ratio.HALF))

class Coord(Enum):
    def __new__(cls, value, label):
        obj = object.__new__(cls)
        obj._value_ = value
        obj.label = label
        return obj
    X = (1, "horizontal")
    Y = (2, "vertical")

print(Coord(2), Coord.X.label, Coord.X.value)

class Base:
    def describe(self):
        return f"<{self.name}>"

class Mixed(Base, Enum):
    ONE = 1

print(Mixed.ONE.describe())
