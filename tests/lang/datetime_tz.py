from datetime import datetime, timedelta, timezone, tzinfo, time, date
class FixedOffset(tzinfo):
    def __init__(self, minutes, name):
        self._off = timedelta(minutes=minutes)
        self._name = name
    def utcoffset(self, dt):
        return self._off
    def tzname(self, dt):
        return self._name
    def dst(self, dt):
        return timedelta(0)
    def __repr__(self):
        return "FixedOffset(%r)" % self._name
ist = FixedOffset(330, "IST")
dt = datetime(2024, 3, 10, 8, 0, tzinfo=ist)
print(dt, repr(dt), dt.utcoffset(), dt.tzname(), dt.dst(), dt.isoformat(), dt.strftime("%H:%M %Z %z"))
u = dt.astimezone(timezone.utc)
print(u, u.tzinfo, dt == u, dt - u, hash(dt) == hash(u), u.astimezone(ist))
ny = timezone(timedelta(hours=-5), "EST")
print(ny, repr(ny), ny.utcoffset(None), ny.tzname(None), dt.astimezone(ny), datetime(2024, 1, 1, tzinfo=ny).timestamp())
print(timezone(timedelta(hours=2, minutes=30)), timezone(-timedelta(minutes=90)), timezone(timedelta(seconds=1)), timezone.min, timezone.max)
print(datetime.fromtimestamp(1700000000, timezone.utc), datetime.fromtimestamp(1700000000.5, ny), datetime(2023, 11, 14, 22, 13, 20, tzinfo=timezone.utc).timestamp())
t = time(12, 30, tzinfo=timezone(timedelta(hours=1)))
print(t, repr(t), t.utcoffset(), t.tzname(), t.isoformat(), time(12, 30) == time(12, 30, tzinfo=None))
print(datetime.fromisoformat("2020-02-02T10:00:00-03:30"), datetime.fromisoformat("2020-02-02T10:00:00Z"), datetime.fromisoformat("2020-02-02T10:00:00.5+05:00").utcoffset())
print(datetime.strptime("2020-01-01 10:00 +0530", "%Y-%m-%d %H:%M %z"), datetime.strptime("2020-01-01 10:00 Z", "%Y-%m-%d %H:%M %z").tzinfo)
naive = datetime(2024, 1, 1)
for op in [lambda: naive < dt, lambda: naive - dt]:
    try:
        op()
    except TypeError as e:
        print("TypeError:", e)
print(naive == dt, naive != dt, dt.replace(tzinfo=None), dt.timetz(), dt.time(), datetime.combine(date(2020, 1, 1), t))
print(sorted([datetime(2024, 1, 1, 10, tzinfo=ist), datetime(2024, 1, 1, 5, tzinfo=timezone.utc)]))
try:
    timezone(timedelta(hours=24))
except ValueError as e:
    print("ValueError:", e)
