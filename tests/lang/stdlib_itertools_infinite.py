import itertools as it
print(list(it.islice(it.count(), 5)), list(it.islice(it.count(10, 3), 4)), list(it.islice(it.count(1.5, 0.5), 3)))
print(list(it.islice(it.cycle('abc'), 7)), list(it.repeat('x', 3)), list(it.islice(it.repeat(1), 2)), list(it.repeat(1, 0)))
print(list(it.islice(range(10), 2, 8, 2)), list(it.islice('abcdef', None, 3)), list(it.islice([1, 2], 5)))
c = it.count(5)
print(next(c), next(c), c)
print(repr(it.repeat(2, 3)), repr(it.count(1, 2)))
try:
    it.islice([1], -1)
except ValueError as e:
    print(e)
