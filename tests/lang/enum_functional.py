# enum: the functional API (names as a string, a list, pairs, a mapping; start=)
from enum import Enum, IntEnum

Animal = Enum("Animal", "ANT BEE CAT")
print(list(Animal), Animal.BEE.value, Animal.__name__)
Letters = Enum("Letters", ["A", "B"], start=10)
print([(m.name, m.value) for m in Letters])
Pairs = Enum("Pairs", [("X", "x"), ("Y", "y")])
print(Pairs("y"), Pairs.X.value)
Mapped = IntEnum("Mapped", {"ONE": 1, "TWO": 2})
print(Mapped.TWO + 1, list(Mapped))
Comma = Enum("Comma", "a, b, c")
print([m.name for m in Comma])
