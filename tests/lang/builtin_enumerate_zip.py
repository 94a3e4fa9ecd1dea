print(list(enumerate('abc')), list(enumerate('ab', 10)), list(enumerate([], 5)), list(enumerate('x', start=-1)))
print(list(zip()), list(zip([1, 2, 3], 'ab')), list(zip(range(3), range(3), range(3))))
print(dict(zip('abc', range(3))))
try:
    zip(1)
except TypeError as e:
    print(e)
try:
    enumerate(5)
except TypeError as e:
    print(e)
e = enumerate('ab')
print(next(e), next(e))
try:
    next(e)
except StopIteration:
    print('stop')
z = zip([1, 2], [3, 4])
print(next(z), list(z))
print(list(zip(*[(1, 2), (3, 4), (5, 6)])))
try:
    list(zip([1], [1, 2], strict=True))
except ValueError as e:
    print(e)
try:
    list(zip([1, 2], [1], strict=True))
except ValueError as e:
    print(e)
print(type(enumerate('')).__name__, type(z).__name__)
