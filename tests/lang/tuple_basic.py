# Tuples: construction, packing/unpacking, comparison, hashing, methods.
t = (1, "two", 3.0, None, (4, 5))
print(t, len(t), t[1], t[-1][0], t[1:3], t[::-1], t + (6,), (0,) * 3, () * 5, 3 in t, "x" in t)
print((), (1,), tuple(), tuple([1, 2]), tuple("ab"), tuple(range(3)), tuple(x * 2 for x in range(3)))
print(t.count(1), t.index(3.0), (1, 2) < (1, 3), (1, 2) < (1, 2, 3), (2,) > (1, 5), (1, 2) == (1, 2.0))
print(hash((1, 2, 3)), hash(()), hash((1,)), hash((1, (2, 3))), hash((1.5, -1, 2.25)), hash((True, False)))
a, b = 1, 2
a, b = b, a
print(a, b)
x = 1, 2, 3
print(x, type(x).__name__)
(p, q), r = (1, 2), 3
print(p, q, r)
try:
    t[0] = 5
except TypeError as e:
    print("TypeError:", e)
try:
    t[10]
except IndexError as e:
    print("IndexError:", e)
try:
    hash((1, [2]))
except TypeError as e:
    print("TypeError:", e)
try:
    t.index(42)
except ValueError as e:
    print("ValueError:", e)
print(repr((1,)), repr(("a", "b")), str((None,)), ((1, 2),), ((),), (t is t), tuple(t) is t)
print(max((3, 1), (2, 9)), min([(1, "b"), (1, "a")]), sorted([(2, 1), (1, 2), (1, 1)]))
