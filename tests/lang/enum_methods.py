# enum: methods, __str__/__format__ overrides, class methods and comparisons
from enum import Enum

class Weekday(Enum):
    MON = 1
    TUE = 2
    SAT = 6
    SUN = 7

    def is_weekend(self):
        return self in (Weekday.SAT, Weekday.SUN)

    @classmethod
    def today(cls):
        return cls.TUE

    def __str__(self):
        return self.name.title()

print([d.is_weekend() for d in Weekday], Weekday.today(), f"{Weekday.SUN}", repr(Weekday.MON))
print(Weekday.MON == Weekday.MON, Weekday.MON != Weekday.TUE, Weekday.MON == 1)
try:
    Weekday.MON < Weekday.TUE
except TypeError as e:
    print("TypeError:", e)
print(hash(Weekday.MON) == hash(Weekday.MON), {Weekday.MON: "m"}[Weekday.MON])
print(Weekday.MON.name, Weekday.MON.value, Weekday.MON._name_, Weekday.MON._value_)
