from enum import Enum, IntEnum, unique, auto
class Ordered(Enum):
    def __lt__(self, other):
        if self.__class__ is other.__class__:
            return self.value < other.value
        return NotImplemented
class Size(Ordered):
    S = 1
    M = 2
    L = 3
print(sorted([Size.L, Size.S, Size.M]), Size.S < Size.L, max(Size))
class Planet(Enum):
    def __new__(cls, value, label):
        obj = object.__new__(cls)
        obj._value_ = value
        obj.label = label
        return obj
    EARTH = (3, "Terra")
    MARS = (4, "Ares")
print(Planet.MARS, repr(Planet.MARS), Planet.MARS.label, Planet(3), Planet.EARTH.value)
class Shape(Enum):
    SQUARE = 2
    DIAMOND = 1
    CIRCLE = 3
    ALIAS_FOR_SQUARE = 2
print(Shape(2), Shape.ALIAS_FOR_SQUARE, list(Shape), [n for n in Shape.__members__], Shape.__members__["ALIAS_FOR_SQUARE"])
class Mood(Enum):
    FUNKY = 1
    HAPPY = 3
    def describe(self):
        return self.name, self.value
    def __str__(self):
        return "my custom str! {0}".format(self.value)
    @classmethod
    def favorite_mood(cls):
        return cls.HAPPY
print(Mood.favorite_mood(), Mood.HAPPY.describe(), str(Mood.FUNKY), repr(Mood.FUNKY), f"{Mood.HAPPY}")
class Lower(Enum):
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()
    NORTH = auto()
    SOUTH = auto()
print(list(Lower), Lower("north"))
Pets = Enum("Pets", {"dog": "woof", "cat": "meow"})
print(list(Pets), Pets("meow"), Pets["dog"].value)
Dirs = IntEnum("Dirs", "UP DOWN", start=10)
print(list(Dirs), Dirs.DOWN + 0)
try:
    class Bad(Enum):
        A = 1
        A = 2
except TypeError as e:
    print("TypeError:", e)
