d = {}
d['a'] = 1
d['b'] = 2
d[3] = 'three'
print(d, len(d))
print(d['a'], d[3], d.get('z'), d.get('z', 0), d.get('a', 0))
try:
    d['zz']
except KeyError as e:
    print('KeyError', e)
try:
    d[(1, 2)]
except KeyError as e:
    print('KeyError', e)
del d['a']
print(d)
try:
    del d['a']
except KeyError as e:
    print('KeyError', e)
print('b' in d, 'a' in d, 'a' not in d)
d[1] = 'one'
d[1.0] = 'uno'
d[True] = 'vrai'
print(d)
print(dict(), dict(a=1, b=2), dict([(1, 2), (3, 4)]), dict({1: 2}, x=3), dict(zip('ab', 'cd')))
print({1: 2} == {1: 2}, {1: 2} == {1: 3}, {1: 2, 3: 4} == {3: 4, 1: 2}, {} != {1: 1})
try:
    {} < {}
except TypeError as e:
    print(e)
try:
    d[[1]] = 2
except TypeError as e:
    print(e)
try:
    dict([1, 2])
except TypeError as e:
    print(e)
try:
    dict([(1, 2, 3)])
except ValueError as e:
    print(e)
