from enum import Flag, IntFlag, auto, Enum
class Color(Flag):
    RED = auto()
    GREEN = auto()
    BLUE = auto()
    WHITE = RED | GREEN | BLUE
    BLACK = 0
print(list(Color), Color.WHITE, repr(Color.WHITE), Color.BLACK, repr(Color.BLACK), bool(Color.BLACK))
c = Color.RED | Color.BLUE
print(c, repr(c), Color.RED in c, Color.GREEN in c, c & Color.RED, c ^ Color.RED, ~c, list(c), len(c))
print(Color(3), Color(7) is Color.WHITE, Color["GREEN"], c.value, c.name, (Color.RED | Color.GREEN).name)
class Perm(IntFlag):
    R = 4
    W = 2
    X = 1
p = Perm.R | Perm.W
print(p, repr(p), p == 6, p + 1, p | 1, repr(p | 1), Perm(0), repr(Perm(0)), list(Perm), Perm.R & 5, isinstance(p, int))
print(repr(Perm(9)), repr(~Perm.R), sorted([Perm.W, Perm.R, Perm.X]))
try:
    Color(8)
except ValueError as e:
    print("ValueError:", e)
class Weekday(Flag):
    MONDAY = 1
    TUESDAY = 2
    WEDNESDAY = 4
    WEEKEND = 0
print([d.name for d in Weekday], Weekday.MONDAY | Weekday.WEDNESDAY, hash(Weekday.MONDAY) == hash(Weekday.MONDAY))
