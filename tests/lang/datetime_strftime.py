# datetime: strftime and format() with the C locale's directives
from datetime import datetime, date, time

dt = datetime(2009, 7, 4, 15, 7, 9, 123456)
for fmt in ["%Y-%m-%d %H:%M:%S", "%a %A %b %B", "%d/%m/%y", "%I:%M %p", "%j %U %W",
            "%f", "%%", "%c", "%x", "%X", "%G-W%V-%u", "%e", "%C %g"]:
    print(repr(fmt), dt.strftime(fmt))
print(format(dt, "%H:%M"), f"{dt:%Y}", f"{date(2000, 1, 1):%A}", f"{time(9, 5):%I:%M %p}")
print(date(2010, 1, 3).strftime("%U %W %V"), time(0, 0, 1).strftime("%H %M %S %f"))
