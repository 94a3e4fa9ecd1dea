import time
t = time.gmtime(0)
print(t)
print(t.tm_year, t[0], t[-1], t[:3], len(t))
print(time.strftime('%a %b %d %Y', t), time.asctime(t))
