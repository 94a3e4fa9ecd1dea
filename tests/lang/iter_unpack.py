class Three:
    def __iter__(self): return iter((1, 2, 3))
try:
    a, b = Three()
except ValueError as e:
    print(e)
try:
    a, b, c, d = Three()
except ValueError as e:
    print(e)
try:
    a, b = 5
except TypeError as e:
    print(e)
x, (y, z) = 1, (2, 3)
print(x, y, z)
a, *b, c = Three()
print(a, b, c)
try:
    a, b, *c, d = [1, 2]
except ValueError as e:
    print(e)
[p, q] = "pq"
print(p, q)
for i, (j, k) in enumerate([(1, 2), (3, 4)]):
    print(i, j, k)
