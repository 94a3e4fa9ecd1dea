import time
t0 = time.time()
m0 = time.monotonic()
p0 = time.perf_counter()
time.sleep(0.01)
print(time.time() >= t0, time.monotonic() > m0, time.perf_counter() > p0)
print(type(time.time()).__name__, type(time.time_ns()).__name__, type(time.perf_counter_ns()).__name__, type(time.monotonic_ns()).__name__)
print(time.time_ns() > 10**18, abs(time.time() - time.time_ns() / 1e9) < 1)
g = time.gmtime(0)
print(g.tm_year, g.tm_mon, g.tm_mday, g.tm_hour, g.tm_wday, g.tm_yday)
print(time.gmtime(86400 * 365.25 * 30)[:6])
print(time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime(1700000000)))
print(time.mktime(time.localtime(1700000000)) == 1700000000)
try:
    time.sleep(-1)
except ValueError as e:
    print(e)
print(type(time.process_time()).__name__)
