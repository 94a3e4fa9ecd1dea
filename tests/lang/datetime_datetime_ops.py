# datetime: datetime arithmetic, combine, replace, date()/time() parts, comparisons
from datetime import datetime, date, time, timedelta

dt = datetime(2023, 12, 31, 23, 59, 30, 500000)
print(dt + timedelta(seconds=30), dt + timedelta(microseconds=500000))
print(dt - datetime(2023, 1, 1), (dt - timedelta(days=365)).year)
print(dt.date(), dt.time(), datetime.combine(date(2020, 5, 17), time(8, 30)))
print(dt.replace(hour=0, minute=0, second=0, microsecond=0), dt.timetuple()[:6])
print(dt > datetime(2023, 12, 31), dt == datetime(2023, 12, 31, 23, 59, 30, 500000))
print(repr(dt), str(dt), dt.isoformat(), dt.isoformat(sep=" ", timespec="seconds"))
print(datetime.fromisoformat("2011-11-04T00:05:23"), datetime.fromisoformat("2011-11-04 00:05:23.283"))
print(datetime(2020, 1, 1).toordinal(), datetime.fromordinal(737425))
print(dt.weekday(), dt.isocalendar())
try:
    dt < date(2020, 1, 1)
except TypeError as e:
    print("TypeError:", e)
print(datetime(2020, 2, 29, 12) + timedelta(days=366))
