# enum: auto() values for Enum, Flag, StrEnum and a custom _generate_next_value_
from enum import Enum, Flag, StrEnum, IntEnum, auto

class Color(Enum):
    RED = auto()
    GREEN = auto()
    BLUE = 10
    WHITE = auto()

print(list(Color), [c.value for c in Color])

class Perm(Flag):
    R = auto()
    W = auto()
    X = auto()

print([p.value for p in Perm], Perm.R | Perm.X)

class Method(StrEnum):
    GET = auto()
    POST = auto()

print(list(Method), Method.GET == "get", Method.POST.upper())

class Named(Enum):
    def _generate_next_value_(name, start, count, last_values):
        return name.lower() + str(count)
    ALPHA = auto()
    BETA = auto()

print([m.value for m in Named])

class Level(IntEnum):
    LOW = auto()
    HIGH = auto()

print(Level.LOW + 1, sorted([Level.HIGH, Level.LOW]))
