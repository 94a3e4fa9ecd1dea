# Ordinals, weekdays, ISO calendar and strftime over many dates (every 37th day of 1600-2400).
# krait-test: no-gc-stress  (800 years of dates: 40 s when collecting at every allocation)
from datetime import date, timedelta
d = date(1600, 1, 1)
step = timedelta(days=37)
lines = 0
acc = 0
while d.year < 2400:
    o = d.toordinal()
    assert date.fromordinal(o) == d
    iso = d.isocalendar()
    assert date.fromisocalendar(*iso) == d
    acc = (acc * 31 + o + d.weekday() * 7 + iso[1] + int(d.strftime("%j%U%W"))) % 1000000007
    if lines < 12 and d.month == 2 and d.day > 20:
        print(d, d.weekday(), tuple(iso), d.strftime("%a %d %b %Y %j %U %W"))
        lines += 1
    d += step
print(acc)
for y in (1900, 2000, 2023, 2024, 2100):
    print(y, date(y, 3, 1) - date(y, 2, 28), date(y, 12, 31).timetuple()[7], date(y, 1, 1).isocalendar())
print([date(2024, m, 1).strftime("%B %A") for m in range(1, 13)])
