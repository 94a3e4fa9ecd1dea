# range objects: iteration, len, indexing, slicing, containment, equality, errors.
r = range(3, 20, 4)
print(r, list(r), len(r), r[0], r[-1], r[1:3], r[::-1], list(r[::-1]), 7 in r, 8 in r, r.index(11), r.count(15))
print(range(5), range(0), range(1, 1), list(range(-5)), list(range(10, 0, -3)), len(range(0, 10, -1)))
print(range(0, 3) == range(3), range(0) == range(2, 2), range(1, 5, 2) == range(1, 6, 2), range(3) != range(4))
print(range(10 ** 20)[10 ** 19], range(0, 10 ** 20, 3)[-1], 10 ** 19 in range(10 ** 20), range(2 ** 64, 2 ** 64 + 3)[1])
print(r.start, r.stop, r.step, sum(range(101)), max(range(7)), min(range(3, 9)), sorted(range(3), reverse=True))
print(list(reversed(range(1, 10, 3))), list(range(0, -10, -4)), bool(range(0)), list(range(2.0 == 2, 3)))
for bad in [lambda: range(1, 2, 0), lambda: range(1.5), lambda: r[10], lambda: r.index(8), lambda: range("a"),
            lambda: range()]:
    try:
        bad()
    except (ValueError, TypeError, IndexError) as e:
        print(type(e).__name__, e)
