import time
t0 = time.time(); p0 = time.perf_counter(); m0 = time.monotonic()
time.sleep(0.01)
print(time.time() >= t0, time.perf_counter() - p0 >= 0.005, time.monotonic() >= m0)
print(isinstance(time.time_ns(), int), isinstance(time.process_time(), float))
g = time.gmtime(0)
print(tuple(g))
print(time.strftime("%Y-%m-%d %H:%M:%S", (2024, 3, 5, 14, 7, 9, 1, 65, 0)))
print(time.asctime((2024, 3, 5, 14, 7, 9, 1, 65, 0)))
try:
    time.sleep(-1)
except ValueError as e:
    print(e)
