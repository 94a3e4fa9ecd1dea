# Chained comparisons evaluate each operand once and short-circuit.
def v(x, log):
    log.append(x)
    return x
log = []
print(v(1, log) < v(2, log) < v(3, log), log)
log = []
print(v(3, log) < v(2, log) < v(1, log), log)
log = []
print(v(1, log) == v(1, log) != v(2, log) is not None, log)
print(1 < 2 > 0, 1 < 2 > 3, 0 <= 0 < 1 <= 1, 5 > 4 > 3 > 2 > 1, 1 == 1.0 == True, "a" < "b" < "c")
print(1 in [1] in [[1]], 2 not in [1] not in [[2]], None is None is not False)
x = 5
print(0 < x < 10, 10 < x < 20, x > 1 == 1, not 1 < x < 3)
print([1, 2] < [1, 3] <= [1, 3], (1,) < (1, 0) < (2,), 3 < 2 ** 70 < 2.0 ** 71)
try:
    print(1 < "a" < 2)
except TypeError as e:
    print("TypeError:", e)
print(1 > "a" if False else "skipped", 1 < 2 < "never" if False else "ok")
