# min, max (with key and default), sum (with start), abs, divmod, pow.
print(max(1, 5, 3), max([1, 5, 3]), max("abc"), max([3, 1], key=lambda v: -v), max([], default="empty"))
print(min(4, 2, 8), min((4, 2, 8)), min(["bb", "a", "ccc"], key=len), min([], default=None), min([1], default=9))
print(max([(1, "b"), (1, "a"), (0, "z")]), max([1, 2, 2.0]), max([2.0, 2, 1]), min([0, -0.0]), max({3: 1, 9: 0}))
print(max("apple", "fig", "banana", key=len), min(iter([5, 3, 9])), max(range(10), key=lambda x: x % 4))
print(sum([]), sum([1, 2, 3]), sum([1, 2], 10), sum([0.1, 0.2]), sum([[1], [2]], []), sum(range(10 ** 5)), sum([1.5, 2, True]))
print(abs(-3), abs(3.5), abs(-0.0), abs(-2 ** 80), abs(True), divmod(17, 5), divmod(-17, 5), divmod(17.5, 5))
print(pow(2, 10), pow(2.0, -1), pow(-2, 3), pow(7, 2, 5), pow(2, 100, 1000), pow(0, 0), pow(5, -2))
for bad in [lambda: max(), lambda: max([]), lambda: min([], key=len), lambda: max(1), lambda: sum(["a", "b"]),
            lambda: sum([1, "a"]), lambda: abs("x"), lambda: pow(2, 3, 4.0), lambda: divmod("a", 1),
            lambda: max(1, 2, default=0), lambda: sum(1)]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
