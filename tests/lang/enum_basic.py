from enum import Enum, IntEnum, Flag, IntFlag, auto, unique, StrEnum
import enum

class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
    CRIMSON = 1
    def describe(self):
        return self.name.lower() + "!"
    @property
    def hexcode(self):
        return {1: "#f00", 2: "#0f0", 3: "#00f"}[self.value]
    @classmethod
    def default(cls):
        return cls.GREEN

print(Color.RED, repr(Color.RED), Color.RED.name, Color.RED.value, type(Color.RED))
print(list(Color), len(Color), Color(2), Color["BLUE"], Color.CRIMSON is Color.RED)
print(Color.RED.describe(), Color.BLUE.hexcode, Color.default(), Color)
print(Color.RED in Color, isinstance(Color.RED, Color), Color.RED == Color.RED, Color.RED == 1)
print(Color.__members__)
print(f"{Color.GREEN}", "{}".format(Color.BLUE), str(Color.RED), format(Color.RED, ">12"))
try:
    Color(7)
except ValueError as e:
    print("ValueError:", e)
try:
    Color["PINK"]
except KeyError as e:
    print("KeyError:", e)
try:
    Color.RED < Color.GREEN
except TypeError as e:
    print("TypeError:", e)
print({Color.RED: "r"}[Color.CRIMSON], sorted(Color, key=lambda c: c.value, reverse=True))
print(type(Color), enum.EnumMeta is enum.EnumType, Color.RED.__class__.__name__)

class Num(IntEnum):
    ONE = 1
    TWO = 2
print(Num.ONE, repr(Num.TWO), Num.ONE + 1, Num.TWO * 3, Num.ONE == 1, Num.ONE < Num.TWO, f"{Num.TWO:03d}")
print(sorted([Num.TWO, Num.ONE]), Num(2), int(Num.TWO), isinstance(Num.ONE, int), [1, 2, 3][Num.ONE])

class Auto(Enum):
    A = auto()
    B = auto()
    C = 10
    D = auto()
print(list(Auto), [a.value for a in Auto])

class Perm(Flag):
    R = auto()
    W = auto()
    X = auto()
    RW = R | W
print(list(Perm), repr(Perm.R | Perm.W), repr(Perm.R | Perm.X), str(Perm.R | Perm.X))
print(Perm.R in (Perm.R | Perm.W), Perm.X in Perm.RW, bool(Perm(0)), repr(Perm(0)), str(Perm(0)))
print(repr(~Perm.R), (Perm.RW & Perm.W), repr(Perm.RW ^ Perm.R), Perm(7), list(Perm(5)), len(Perm.RW))

class IP(IntFlag):
    A = 1
    B = 2
    C = 4
print(repr(IP.A | IP.B), IP.A | IP.B, IP.A | 2, IP(8), repr(IP(0)), IP.C & 4, list(IP), IP.A + 1)

try:
    @unique
    class Dup(Enum):
        A = 1
        B = 1
except ValueError as e:
    print("ValueError:", e)
try:
    class More(Color):
        PINK = 9
except TypeError as e:
    print("TypeError:", e)

class Planet(Enum):
    MERCURY = (3.303e+23, 2.4397e6)
    EARTH = (5.976e+24, 6.37814e6)
    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius
    @property
    def surface_gravity(self):
        G = 6.67300E-11
        return G * self.mass / (self.radius * self.radius)
print(Planet.EARTH.value, Planet.EARTH.mass, round(Planet.EARTH.surface_gravity, 3), Planet.MERCURY)

Animal = Enum("Animal", "ANT BEE CAT")
print(list(Animal), Animal.BEE.value, Animal(3))
Shape = Enum("Shape", [("SQUARE", 4), ("TRI", 3)])
print(list(Shape), Shape(3))

class S(StrEnum):
    A = auto()
    B = "bee"
print(S.A, repr(S.A), S.B + "!", S.A == "a", f"{S.B}", S("bee"))

class Mixed(str, Enum):
    X = "x"
print(Mixed.X, repr(Mixed.X), Mixed.X.upper(), Mixed("x"), Mixed.X == "x")

class WithMissing(Enum):
    A = "a"
    @classmethod
    def _missing_(cls, value):
        if isinstance(value, str):
            for m in cls:
                if m.value == value.lower():
                    return m
        return None
print(WithMissing("A"))
try:
    WithMissing(3)
except ValueError as e:
    print("ValueError:", e)
print([m.name for m in reversed(Color)], Color.RED.__class__ is Color, Color(Color.BLUE))
