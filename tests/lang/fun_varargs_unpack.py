def f(*a, **k): return a, k
print(f(), f(1, *[2, 3], *(4,), x=1, **{"y": 2}, **{"z": 3}))
print(f(*"ab", *range(2)))
try:
    f(**{1: 2})
except TypeError as e:
    print(e)
try:
    f(*5)
except TypeError as e:
    print(e)
try:
    f(**5)
except TypeError as e:
    print(e)
try:
    f(x=1, **{"x": 2})
except TypeError as e:
    print(e)
def g(a, b, c): return a + b + c
args = (1, 2)
print(g(*args, 3), g(1, **{"b": 2, "c": 3}))
print(list(map(lambda *x: sum(x), [1, 2], [3, 4])))
