print(sum([]), sum([1, 2, 3]), sum([1, 2], 10), sum([0.5, 0.25]), sum([[1], [2]], []), sum(((1,), (2,)), ()))
print(sum(range(10), start=5), sum([1, 2.5]), sum([True, True]))
try:
    sum(['a', 'b'], '')
except TypeError as e:
    print(e)
try:
    sum([1, 'a'])
except TypeError as e:
    print(e)
try:
    sum(1)
except TypeError as e:
    print(e)
print(sum([10 ** 20, 1]), sum([0.1] * 10))
print(any([]), any([0, 0]), any([0, 1]), all([]), all([1, 1]), all([1, 0]), any(x > 2 for x in range(4)), all('abc'))
try:
    any(1)
except TypeError as e:
    print(e)
