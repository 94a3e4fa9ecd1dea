g = (x * x for x in range(5))
print(type(g).__name__)
print(list(g), list(g))
print(sum(x for x in range(10) if x % 2))
print(list((x, y) for x in range(3) for y in range(x)))
print(max(len(w) for w in "a bb ccc".split()))
print("".join(c.upper() for c in "abc"))
x = 10
g = (x + i for i in range(3))
x = 20
print(list(g))
try:
    g = (1 / v for v in [1, 0])
    print(next(g))
    next(g)
except ZeroDivisionError as e:
    print(e)
try:
    (i for i in 5)
except TypeError as e:
    print(e)
print(any(x > 3 for x in [1, 5]), all(x > 3 for x in [1, 5]))
print(sorted((v for v in [3, 1, 2]), reverse=True))
print(dict((k, v) for k, v in zip("ab", [1, 2])))
