# datetime: attributes and the class-level constructors that do not read the clock
from datetime import date, datetime, time, timedelta

dt = datetime(2021, 8, 9, 10, 11, 12, 13)
print(dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second, dt.microsecond, dt.tzinfo, dt.fold)
print(datetime.min, datetime.max, datetime.resolution)
print(date(2021, 8, 9).timetuple()[:3], dt.timetuple().tm_yday if hasattr(dt.timetuple(), "tm_yday") else dt.timetuple()[7])
print(datetime.fromisocalendar(2021, 32, 1), date.fromisoformat("2021-08-09").weekday())
print(type(datetime.now()).__name__, type(date.today()).__name__, isinstance(datetime.now(), date))
print(issubclass(datetime, date), time().isoformat(), timedelta().total_seconds())
try:
    dt.year = 1
except AttributeError as e:
    print("AttributeError")
