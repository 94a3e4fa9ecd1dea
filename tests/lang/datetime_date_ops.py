# datetime: date arithmetic, comparison, replace, ordinal and ISO calendar
from datetime import date, timedelta

d = date(2024, 2, 28)
print(d + timedelta(days=1), d + timedelta(days=2), d - timedelta(days=59))
print(date(2024, 3, 1) - date(2023, 3, 1), (date(2025, 1, 1) - d).days)
print(d < date(2024, 3, 1), d == date(2024, 2, 28), max(d, date(2020, 1, 1)))
print(d.replace(year=2023, day=1), d.toordinal(), date.fromordinal(738944))
print(d.weekday(), d.isoweekday(), d.isocalendar(), tuple(d.isocalendar()))
print(d.isoformat(), str(d), repr(d), d.ctime())
print(date.fromisoformat("2021-12-31"), date.fromisocalendar(2021, 52, 5))
print(date.min, date.max, date.resolution)
for bad in [(2023, 2, 29), (2024, 13, 1), (0, 1, 1)]:
    try:
        date(*bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    date.max + timedelta(days=1)
except OverflowError as e:
    print("OverflowError:", e)
