a = {1, 2, 3, 4}
b = {3, 4, 5}
print(sorted(a | b), sorted(a & b), sorted(a - b), sorted(b - a), sorted(a ^ b))
print(sorted(a.union(b, [9])), sorted(a.intersection(b, {4})), sorted(a.difference(b, [1])), sorted(a.symmetric_difference([1, 7])))
print(a.issubset(a), {1}.issubset(a), a.issuperset({1, 2}), a.isdisjoint(b), a.isdisjoint({9}))
print({1} < a, a < a, a <= a, a > {1}, a >= a, {1, 9} <= a)
print(a == {4, 3, 2, 1}, a != b, {1} == frozenset({1}))
try:
    a | [1]
except TypeError as e:
    print(e)
try:
    a < [1]
except TypeError as e:
    print(e)
print(sorted(a.union()), a.union() is a)
print({1, 2} & {3}, set() | set())
