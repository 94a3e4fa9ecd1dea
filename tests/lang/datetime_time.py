# datetime: time objects: construction, comparison, formatting, replace, fromisoformat
from datetime import time

t = time(13, 5, 7, 250)
print(t, repr(t), t.isoformat(), t.isoformat("minutes"), t.isoformat("milliseconds"))
print(t.hour, t.minute, t.second, t.microsecond, t.replace(hour=1))
print(time(1) < time(2), time(0) == time(), bool(time(0)), time.min, time.max)
print(time.fromisoformat("04:23:01"), time.fromisoformat("04:23:01.000384"), time.fromisoformat("04:23"))
for bad in [(24, 0), (0, 60), (0, 0, 60), (0, 0, 0, 1000000)]:
    try:
        time(*bad)
    except ValueError as e:
        print("ValueError:", e)
print(hash(time(1, 2)) == hash(time(1, 2)), sorted([time(5), time(1), time(3)]))
