# enum: _missing_ hooks for lookups by value, and lookup errors
from enum import Enum

class Status(Enum):
    OK = 200
    NOT_FOUND = 404

    @classmethod
    def _missing_(cls, value):
        if isinstance(value, str) and value.isdigit():
            return cls(int(value))
        return None

print(Status(200), Status("404"))
for bad in (500, "abc", None):
    try:
        Status(bad)
    except ValueError as e:
        print("ValueError:", e)

class Loose(Enum):
    A = "a"
    B = "b"

    @classmethod
    def _missing_(cls, value):
        for m in cls:
            if m.value == str(value).lower():
                return m

print(Loose("A"), Loose("b"))
try:
    Status["MISSING"]
except KeyError as e:
    print("KeyError:", e)

class Wrong(Enum):
    X = 1
    @classmethod
    def _missing_(cls, value):
        return 5

try:
    Wrong(2)
except TypeError as e:
    print("TypeError:", e)
