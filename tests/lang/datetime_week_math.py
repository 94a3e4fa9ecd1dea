# datetime: calendar arithmetic: weekdays, month ends, ISO weeks over year boundaries
from datetime import date, timedelta

def month_end(y, m):
    nxt = date(y + (m == 12), m % 12 + 1, 1)
    return nxt - timedelta(days=1)

print([month_end(2024, m).day for m in range(1, 13)])
print([month_end(2023, 2).day, month_end(2100, 2).day, month_end(2000, 2).day])
for d in [date(2020, 12, 31), date(2021, 1, 1), date(2021, 1, 4), date(2026, 12, 31), date(2027, 1, 1)]:
    print(d, d.isocalendar(), d.strftime("%A %U %W"))
start = date(2024, 1, 1)
mondays = [start + timedelta(days=i) for i in range(31) if (start + timedelta(days=i)).weekday() == 0]
print(mondays)
print((date(2030, 1, 1) - date(2000, 1, 1)).days, date(2000, 1, 1) + timedelta(weeks=52 * 30))
