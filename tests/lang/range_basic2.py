print(range(5), range(1, 5), range(1, 10, 2), range(5, 0, -1))
print(list(range(5)), list(range(1, 10, 3)), list(range(10, 0, -3)), list(range(0)), list(range(5, 1)))
r = range(2, 20, 3)
print(len(r), r[0], r[-1], r[2], r.start, r.stop, r.step)
print(r[1:3], r[::-1], r[::2], list(r[1:-1:2]))
print(r.index(8), r.count(8), r.count(9), 8 in r, 9 in r, 8.0 in r)
try:
    r.index(9)
except ValueError as e:
    print(e)
try:
    r[100]
except IndexError as e:
    print(e)
try:
    range(1, 2, 0)
except ValueError as e:
    print(e)
try:
    range(1.5)
except TypeError as e:
    print(e)
try:
    range()
except TypeError as e:
    print(e)
print(range(0) == range(5, 5), range(1, 5, 2) == range(1, 6, 2), range(3) == range(3), range(3) != range(4))
print(range(10 ** 20)[-1], 10 ** 19 in range(10 ** 20))
print(hash(range(3)) == hash(range(0, 3)), bool(range(0)), bool(range(1)))
print(list(reversed(range(1, 10, 4))), sum(range(101)), max(range(7)), min(range(3, 9)))
print(range(-5, 5)[3], list(range(-3, 3, 2)))
