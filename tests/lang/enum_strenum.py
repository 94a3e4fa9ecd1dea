# enum: StrEnum members are strs: methods, comparison, formatting, errors
from enum import StrEnum, auto

class Color(StrEnum):
    RED = "red"
    GREEN = "green"
    BLUE = auto()

print(Color.RED == "red", Color.BLUE, Color.GREEN.upper(), "-".join(Color))
print(f"{Color.RED}!", str(Color.RED), repr(Color.RED), Color("green"))
print(isinstance(Color.RED, str), Color.RED + "dish", len(Color.GREEN))
print(sorted(Color), {"red": 1}[Color.RED])
try:
    class Bad(StrEnum):
        ONE = 1
except TypeError as e:
    print("TypeError:", e)
