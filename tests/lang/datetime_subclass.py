# datetime: subclasses keep their type through arithmetic-free constructors and replace()
from datetime import date, datetime, timedelta

class MyDate(date):
    def describe(self):
        return f"day {self.day} of month {self.month}"

class Stamp(datetime):
    pass

m = MyDate(2022, 3, 4)
print(type(m).__name__, m.describe(), type(m.replace(day=5)).__name__, m.replace(day=5))
print(type(MyDate.fromordinal(1)).__name__, type(MyDate.fromisoformat("2022-01-01")).__name__)
s = Stamp(2022, 3, 4, 5)
print(type(s).__name__, s, type(s + timedelta(hours=1)).__name__, isinstance(s, datetime))
print(m == date(2022, 3, 4), hash(m) == hash(date(2022, 3, 4)))
