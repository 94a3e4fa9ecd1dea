import timeit
calls = []
def work():
    calls.append(1)
t = timeit.timeit(work, number=50)
print(type(t).__name__, t >= 0, len(calls))
r = timeit.repeat("x = sum(range(10))", repeat=3, number=100)
print(len(r), all(v >= 0 for v in r))
tm = timeit.Timer("y = a * 2", setup="a = 21")
print(tm.timeit(10) >= 0, "a = 21" in tm.src)
counter = [0]
def fake():
    counter[0] += 1
    return counter[0] * 0.1
tm2 = timeit.Timer("pass", timer=fake)
print(round(tm2.timeit(5), 6), round(tm2.timeit(5), 6))
g = {"data": [3, 1, 2]}
print(timeit.timeit("sorted(data)", number=5, globals=g) >= 0, timeit.default_timer is __import__("time").perf_counter)
multi = timeit.Timer("for i in range(3):\n    z = i", setup="import math\nq = 1")
print(multi.timeit(2) >= 0)
try:
    timeit.Timer(5)
except ValueError as e:
    print("ValueError:", e)
