print(min(3, 1, 2), max(3, 1, 2), min([4, 5]), max('hello'), min((1, 2), (1, 1)))
print(max([], default=7), min([], default=None), max([1], default=9))
print(max(['aa', 'b', 'ccc'], key=len), min(['aa', 'b', 'ccc'], key=len), max(1, 2, key=lambda x: -x))
print(max([1, 3, 3.0, 2]), max([3.0, 3]), min([1, True]), max(-0.0, 0))
try:
    max([])
except ValueError as e:
    print(e)
try:
    min([])
except ValueError as e:
    print(e)
try:
    max()
except TypeError as e:
    print(e)
try:
    max(1)
except TypeError as e:
    print(e)
try:
    max(1, 2, default=3)
except TypeError as e:
    print(e)
try:
    min(1, 'a')
except TypeError as e:
    print(e)
try:
    max([1], foo=1)
except TypeError as e:
    print(e)
print(max(range(10), key=lambda x: x % 4), min(iter([5, 2, 8])))
