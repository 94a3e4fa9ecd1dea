d = {'a': 1, 'b': 2, 'c': 3}
k = d.keys()
v = d.values()
i = d.items()
print(k, v, i)
print(len(k), 'a' in k, 1 in v, ('a', 1) in i, ('a', 2) in i)
d['d'] = 4
print(list(k), list(v), list(i))
print(k & {'a', 'x'}, sorted(k | {'x'}), sorted(k - {'a'}), sorted(k ^ {'a', 'y'}))
print(i & {('a', 1)}, k == {'a', 'b', 'c', 'd'}, k == ['a', 'b', 'c', 'd'])
print(k.isdisjoint({'q'}), k.isdisjoint(['a']))
print(k <= {'a', 'b', 'c', 'd', 'e'}, k < {'a'}, {'a'} < k)
print(sorted(d.keys(), reverse=True), list(reversed(d.keys())), list(reversed(d.values())), list(reversed(d.items())))
try:
    for x in d:
        d['new'] = 1
except RuntimeError as e:
    print(e)
try:
    for x in d:
        del d['a']
except RuntimeError as e:
    print(e)
print(type(k).__name__, type(v).__name__, type(i).__name__)
print(repr({}.keys()), repr({}.values()), repr({}.items()))
