vals = [1, 2, 3, 0, 4]
it = iter(vals)
print(list(iter(lambda: next(it), 0)))
n = [0]
def f():
    n[0] += 1
    return n[0]
print(list(iter(f, 4)))
try:
    iter(5, 1)
except TypeError as e:
    print(e)
i = iter([1, 2])
print(type(i).__name__, next(i), next(i), next(i, None))
print(type(iter("ab")).__name__, type(iter((1,))).__name__, type(iter(range(2))).__name__)
print(type(iter({})).__name__, type(iter({1})).__name__)
