# enum: @unique refuses aliases; verify(UNIQUE, CONTINUOUS)
from enum import Enum, unique, verify, UNIQUE, CONTINUOUS, IntEnum

@unique
class Fine(Enum):
    A = 1
    B = 2

print(list(Fine))
try:
    @unique
    class Dup(Enum):
        ONE = 1
        UNO = 1
        TWO = 2
        DOS = 2
except ValueError as e:
    print("ValueError:", e)

try:
    @verify(UNIQUE)
    class Dup2(Enum):
        X = 1
        Y = 1
except ValueError as e:
    print("ValueError:", e)

@verify(CONTINUOUS)
class Ok(IntEnum):
    A = 1
    B = 2
    C = 3

print(list(Ok))
try:
    @verify(CONTINUOUS)
    class Gap(IntEnum):
        A = 1
        C = 3
except ValueError as e:
    print("ValueError:", e)
