# datetime: timedelta normalisation, arithmetic, division, str/repr and limits
from datetime import timedelta

td = timedelta(days=1, hours=25, minutes=61, seconds=3661, milliseconds=1500, microseconds=1)
print(td, repr(td), td.days, td.seconds, td.microseconds, td.total_seconds())
print(timedelta(hours=-1), repr(timedelta(hours=-1)), -timedelta(days=1, seconds=1), abs(timedelta(-3)))
print(td * 2, td / 2, td // 3, timedelta(hours=3) / timedelta(minutes=7), timedelta(hours=3) // timedelta(minutes=7))
print(timedelta(hours=3) % timedelta(minutes=7), divmod(timedelta(hours=3), timedelta(minutes=7)))
print(timedelta(seconds=1.5), timedelta(days=0.25), 2.5 * timedelta(seconds=2))
print(timedelta(0) == timedelta(), bool(timedelta(0)), timedelta(1) > timedelta(hours=23))
print(timedelta.max, timedelta.min, timedelta.resolution)
try:
    timedelta(days=10**9)
except OverflowError as e:
    print("OverflowError:", e)
try:
    timedelta(1) / 0
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
