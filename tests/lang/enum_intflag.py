# enum: IntFlag combinations, membership, bit operations with ints, boundary behaviour
from enum import IntFlag, Flag, auto

class Perm(IntFlag):
    R = 4
    W = 2
    X = 1

rw = Perm.R | Perm.W
print(rw, repr(rw), int(rw), Perm.R in rw, Perm.X in rw)
print(rw & Perm.R, rw ^ Perm.W, ~Perm.R, Perm(7), Perm(0))
print(rw | 8, type(rw | 8).__name__, rw + 1, type(rw + 1).__name__)
print(list(Perm), list(rw) if hasattr(rw, "__iter__") else "no iter")
print(bool(Perm(0)), bool(Perm.X))

class Color(Flag):
    RED = auto()
    GREEN = auto()
    BLUE = auto()
    WHITE = RED | GREEN | BLUE

print(Color.WHITE, list(Color), Color.RED | Color.BLUE, ~Color.RED)
print(Color(3), Color.GREEN in Color.WHITE, len(Color.WHITE))
