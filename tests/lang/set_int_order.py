# Sets of small ints print in CPython's hash-table order; set algebra and methods.
print({3, 1, 2}, {10, 5, 100, 33, 7}, {-1, -2, 0}, set(range(20, 0, -3)), {1000, 1, 64, 32, 8})
a = {1, 2, 3, 4, 5}
b = {4, 5, 6, 7}
print(a | b, a & b, a - b, b - a, a ^ b, a <= b, a >= {1, 2}, {1, 2} < a, a > a, a == {5, 4, 3, 2, 1})
print(a.union([9], (10,)), a.intersection(range(3, 10)), a.difference([1], [2]), a.symmetric_difference([1, 99]))
print(a.issubset(range(10)), a.issuperset([1]), a.isdisjoint({8, 9}), a.isdisjoint(b))
c = set(a)
c.add(10); c.discard(1); c.discard(42); c.remove(2); print(c)
c |= {20}; c &= {3, 4, 5, 10, 20, 30}; c -= {3}; c ^= {4, 99}; print(c)
print(c.pop() in {5, 10, 20, 99}, len(c))
try:
    c.remove(12345)
except KeyError as e:
    print("KeyError:", e)
try:
    set().pop()
except KeyError as e:
    print("KeyError:", e)
try:
    {[1]}
except TypeError as e:
    print("TypeError:", e)
f = frozenset([3, 1, 2])
print(f, frozenset(), f | {9}, f & {1, 5}, hash(f) == hash(frozenset([1, 2, 3])), {f: 1}[frozenset({1, 2, 3})])
print(set(), set("aaa"), len({1, 1.0, True}), {1, 1.0, True}, {0, False, 0.0}, 2 in {1, 2}, [1] in [{1}] if False else 0)
print(sorted({5, 3, 9}), sum({1, 2, 3}), max({4, 8}), {x % 5 for x in range(20)}, set([1, 2]) == frozenset([2, 1]))
s = set(range(100))
for i in range(0, 100, 2):
    s.discard(i)
print(len(s), sorted(s)[:5], {2 ** 40, 2 ** 41, 3})
print(repr(set()), repr(frozenset({1})), str({(1, 2), (3,)}) in ("{(1, 2), (3,)}", "{(3,), (1, 2)}"))
c2 = a.copy(); c2.clear(); print(c2, a)
u = {1, 2}; u.update([3], {4}); u.intersection_update({1, 3, 4, 9}); u.difference_update([4]); print(u)
u.symmetric_difference_update({3, 7}); print(u)
