# enum: IntEnum members are ints: arithmetic, comparison, formatting, int()
from enum import IntEnum

class Priority(IntEnum):
    LOW = 1
    MEDIUM = 5
    HIGH = 10

print(Priority.HIGH > Priority.LOW, Priority.MEDIUM == 5, Priority.LOW + Priority.HIGH)
print(int(Priority.MEDIUM), Priority(10), Priority.HIGH * 2, type(Priority.HIGH * 2).__name__)
print(f"{Priority.LOW}", str(Priority.LOW), repr(Priority.LOW), format(Priority.HIGH, "03d"))
print(sorted([Priority.HIGH, 3, Priority.LOW]))
print([1, 2, 3, 4, 5, 6][Priority.LOW], isinstance(Priority.LOW, int))
print({Priority.LOW: "a"}[1], hash(Priority.HIGH) == hash(10))
try:
    Priority(7)
except ValueError as e:
    print("ValueError:", e)
