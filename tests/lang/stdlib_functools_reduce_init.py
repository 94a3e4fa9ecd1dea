from functools import reduce
print(reduce(lambda a, b: a + [b], 'abc', []), reduce(lambda a, b: a * b, range(1, 6)), reduce(lambda a, b: a + b, [[1], [2]]))
try:
    reduce(1, [1, 2])
except TypeError as e:
    print(e)
