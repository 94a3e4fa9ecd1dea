f = frozenset([3, 1, 2])
print(sorted(f), len(f), 1 in f, type(f).__name__)
print(f | {9}, type(f | {9}).__name__, type({9} | f).__name__)
print(sorted(f & {1, 2}), sorted(f - {1}), sorted(f ^ {1, 5}))
print(hash(f) == hash(frozenset([1, 2, 3])), f == {1, 2, 3})
d = {f: 'x'}
print(d[frozenset({1, 2, 3})])
try:
    f.add(1)
except AttributeError as e:
    print(e)
print(frozenset(), frozenset('a'), frozenset(f) is f, f.copy() is f)
s = {frozenset({1}), frozenset({1})}
print(len(s))
print({1, 2}.issubset(f), f.issuperset([1]), f.isdisjoint([7]))
print(frozenset({1}) < frozenset({1, 2}))
print(repr(frozenset({1})))
