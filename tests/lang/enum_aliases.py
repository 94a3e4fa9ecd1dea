# enum: aliases share a member; iteration skips them, __members__ lists them
from enum import Enum

class Shape(Enum):
    SQUARE = 2
    DIAMOND = 1
    CIRCLE = 3
    ALIAS_FOR_SQUARE = 2

print(list(Shape))
print(Shape.ALIAS_FOR_SQUARE, Shape.ALIAS_FOR_SQUARE is Shape.SQUARE)
print(Shape(2), Shape["ALIAS_FOR_SQUARE"])
print(list(Shape.__members__))
print([(n, m.name) for n, m in Shape.__members__.items() if n != m.name])
print(len(Shape), Shape.SQUARE in Shape)
