a, b = 1, 2
a, b = b, a
print(a, b)
(a, b), c = (1, 2), 3
print(a, b, c)
first, *rest = (1, 2, 3, 4)
print(first, rest)
*init, last = 'abc'
print(init, last)
a, *m, z = range(5)
print(a, m, z)
try:
    a, b = (1, 2, 3)
except ValueError as e:
    print(e)
try:
    a, b, c = (1, 2)
except ValueError as e:
    print(e)
try:
    a, *b, c = (1,)
except ValueError as e:
    print(e)
try:
    a, b = 5
except TypeError as e:
    print(e)
for i, (x, y) in enumerate([(1, 2), (3, 4)]):
    print(i, x, y)
t = (*range(3), *'ab', 9)
print(t)
l = [*t, *[1]]
print(l)
