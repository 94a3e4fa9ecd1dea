from datetime import date, time, datetime, timedelta, timezone, MINYEAR, MAXYEAR
import datetime as dtmod
d = date(2024, 2, 29)
print(d, repr(d), d.year, d.month, d.day, d.weekday(), d.isoweekday(), d.toordinal(), d.isocalendar())
print(d + timedelta(days=1), d - timedelta(weeks=9), date(2024, 12, 25) - d, d.replace(day=1), d.ctime())
print(date.fromordinal(738000), date.fromisoformat("2021-03-04"), date.fromisocalendar(2020, 53, 7), date(1, 1, 1).toordinal())
print(d.strftime("%Y/%m/%d %a %A %b %B %j %U %W %y %w %%"), d.timetuple()[:8], format(d, "%d.%m.%Y"), f"{d:%b %d}")
print(d < date(2024, 3, 1), d == date(2024, 2, 29), d != date(2000, 1, 1), max(d, date(2025, 1, 1)), hash(d) == hash(date(2024, 2, 29)))
td = timedelta(days=1, hours=2, minutes=3, seconds=4, microseconds=5)
print(td, repr(td), td.days, td.seconds, td.microseconds, td.total_seconds())
print(timedelta(-1), repr(timedelta(-1)), timedelta(seconds=-1), timedelta(hours=-25), timedelta(0), repr(timedelta()))
print(timedelta(days=2) * 3, timedelta(hours=3) / 2, timedelta(hours=3) / timedelta(minutes=45), timedelta(hours=3) // timedelta(minutes=50))
print(timedelta(hours=3) % timedelta(minutes=50), divmod(timedelta(hours=3), timedelta(minutes=50)), -td, abs(timedelta(-3)), timedelta(seconds=1.5), timedelta(milliseconds=1.5))
print(timedelta(weeks=1) == timedelta(days=7), timedelta(1) > timedelta(0, 86399), bool(timedelta()), timedelta(days=1) * 0.5, 2 * timedelta(1))
print(timedelta.max, timedelta.min, timedelta.resolution, sum([timedelta(1), timedelta(2)], timedelta()))
t = time(13, 5, 9, 250)
print(t, repr(t), t.isoformat("minutes"), t.isoformat("milliseconds"), t.strftime("%I:%M %p"), time(), repr(time(1, 2)), time(23, 59, 59).isoformat("hours"))
print(time.fromisoformat("04:23:01.000384"), time(12) < time(13), t.replace(hour=1))
dt = datetime(2024, 7, 4, 15, 30, 45, 123456)
print(dt, repr(dt), dt.date(), dt.time(), dt.isoformat(), dt.isoformat(" ", "seconds"), dt.weekday(), dt.ctime())
print(dt + timedelta(hours=10), dt - timedelta(days=365), dt - datetime(2024, 1, 1), datetime(2024, 1, 1) - dt)
print(dt.strftime("%Y-%m-%d %H:%M:%S.%f"), dt.strftime("%c | %x | %X"), dt.replace(year=2000, microsecond=0), datetime.combine(d, t))
print(datetime.fromisoformat("2011-11-04T00:05:23"), datetime.fromisoformat("2011-11-04 00:05:23.283+00:00"), datetime.fromisoformat("2011-11-04T00:05:23+04:00"))
print(datetime.strptime("2021-06-01 14:30:00", "%Y-%m-%d %H:%M:%S"), datetime.strptime("03/Feb/2020:07:01 PM", "%d/%b/%Y:%I:%M %p"), datetime.strptime("1999", "%Y"))
print(repr(datetime(2020, 5, 17)), repr(datetime(2020, 5, 17, 1)), repr(datetime(2020, 5, 17, 0, 0, 1)))
utc = timezone.utc
a = datetime(2024, 1, 1, 12, tzinfo=utc)
b = datetime(2024, 1, 1, 13, tzinfo=timezone(timedelta(hours=1)))
print(a, repr(a), b, repr(b), a == b, a - b, b.utcoffset(), b.tzname(), a.tzname(), repr(timezone(timedelta(hours=-5), "EST")))
print(b.astimezone(utc), a.astimezone(timezone(timedelta(hours=9))), a.timestamp(), datetime.fromtimestamp(0, utc), datetime.utcfromtimestamp(86400))
print(str(timezone(timedelta(hours=5, minutes=30))), timezone(timedelta(0)) is utc, dtmod.UTC is utc, a.isoformat(), a.strftime("%z %Z"))
try:
    a < datetime(2024, 1, 1)
except TypeError as e:
    print("TypeError:", e)
for bad in [lambda: date(2023, 2, 29), lambda: date(2023, 13, 1), lambda: time(24), lambda: datetime(10000, 1, 1),
            lambda: date.fromisoformat("2021-1-04"), lambda: datetime.strptime("2021", "%Y-%m"), lambda: timedelta(days=10**10),
            lambda: datetime.strptime("2021-01-01x", "%Y-%m-%d")]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__ + ":", e)
print(MINYEAR, MAXYEAR, date.min, date.max, datetime.min, datetime.max, time.max)
print(sorted([datetime(2020, 1, 2), datetime(2020, 1, 1, 23), datetime(2019, 12, 31)]))
print({date(2020, 1, 1): 1}[date(2020, 1, 1)], date(2020, 1, 1) == datetime(2020, 1, 1), isinstance(dt, date))
print(date(2021, 1, 1).isocalendar(), date(2020, 12, 31).isocalendar().week, date(2019, 12, 30).isocalendar()[0])
