# datetime: hashing and equality across types: dict keys, sets, mixed comparisons
from datetime import date, datetime, time, timedelta, timezone

d = {date(2020, 1, 1): "new year", datetime(2020, 1, 1, 12): "noon", time(8): "eight",
     timedelta(days=1): "day"}
print(d[date(2020, 1, 1)], d[datetime(2020, 1, 1, 12)], d[time(8)], d[timedelta(hours=24)])
print(len({date(2020, 1, 1), date(2020, 1, 1), date(2020, 1, 2)}))
print(date(2020, 1, 1) == datetime(2020, 1, 1), date(2020, 1, 1) != datetime(2020, 1, 1))
a = datetime(2020, 1, 1, 12, tzinfo=timezone.utc)
b = datetime(2020, 1, 1, 7, tzinfo=timezone(timedelta(hours=-5)))
print(a == b, hash(a) == hash(b), timedelta(0) == timedelta(seconds=0))
print(sorted([date(2021, 5, 1), date(2020, 5, 1), date(2020, 4, 30)]))
print(min(time(3), time(1)), max(timedelta(1), timedelta(hours=25)))
