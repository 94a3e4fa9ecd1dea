from datetime import timedelta
cases = [timedelta(0), timedelta(microseconds=1), timedelta(microseconds=-1), timedelta(seconds=59.9999999),
         timedelta(days=-1, seconds=1), timedelta(hours=-1.5), timedelta(weeks=-2, days=3, hours=4),
         timedelta(minutes=1e6), timedelta(days=999999999), timedelta(microseconds=0.5), timedelta(microseconds=1.5),
         timedelta(milliseconds=-0.0005), timedelta(days=1.000001)]
for td in cases:
    print(repr(td), str(td), td.total_seconds())
a, b = timedelta(hours=5, minutes=17), timedelta(minutes=44, seconds=3)
print(a + b, a - b, b - a, a * 2.5, a / 3, a // 7, a / b, a // b, a % b, divmod(a, b), -a + b)
print(a * -1, abs(-a), +a, a == timedelta(seconds=19020), a > b, a <= b, hash(a) == hash(timedelta(seconds=19020)))
print(timedelta(hours=1) / 0.3, timedelta(seconds=10) * (1 / 3), timedelta(seconds=1) / 7)
for bad in [lambda: a / 0, lambda: a // timedelta(0), lambda: timedelta(days="1"),
            lambda: timedelta(days=1000000000)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__ + ":", e)
print(sorted([timedelta(1), timedelta(-1), timedelta(0, 5)]), max(timedelta(1), timedelta(hours=25)))
print(timedelta(days=1, seconds=5) // 2, timedelta(days=3) / 2, timedelta(1) % timedelta(hours=7))
