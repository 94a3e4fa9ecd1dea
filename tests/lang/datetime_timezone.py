# datetime: fixed-offset timezones: utcoffset, astimezone, aware arithmetic and comparisons
from datetime import datetime, timezone, timedelta

utc = timezone.utc
est = timezone(timedelta(hours=-5), "EST")
ist = timezone(timedelta(hours=5, minutes=30))
dt = datetime(2022, 6, 1, 12, 0, tzinfo=utc)
print(dt, dt.astimezone(est), dt.astimezone(ist), dt.utcoffset(), dt.tzname())
print(repr(est), str(ist), ist.utcoffset(None), ist.tzname(None), utc, repr(utc))
print(dt == dt.astimezone(est), dt.astimezone(est) - dt, dt.timestamp())
print(datetime(2022, 6, 1, 7, tzinfo=est) < datetime(2022, 6, 1, 12, 30, tzinfo=utc))
print(datetime.fromtimestamp(0, utc), datetime.fromisoformat("2020-01-01T00:00:00+02:00"))
print(dt.isoformat(), dt.replace(tzinfo=None), dt.astimezone(est).strftime("%z %Z"))
try:
    datetime(2022, 1, 1) < dt
except TypeError as e:
    print("TypeError:", e)
try:
    timezone(timedelta(hours=24))
except ValueError as e:
    print("ValueError:", e)
