from collections import defaultdict
d = defaultdict(list)
d['a'].append(1)
d['b'].append(2)
d['a'].append(3)
print(d)
print(d['a'], d.get('zz'), 'zz' in d, dict(d))
i = defaultdict(int)
for w in 'the cat the dog the'.split():
    i[w] += 1
print(i, sorted(i.items()))
n = defaultdict()
try:
    n['x']
except KeyError as e:
    print('KeyError', e)
print(n, n.default_factory, d.default_factory)
s = defaultdict(lambda: 'dflt')
print(s['k'], dict(s))
c = d.copy()
print(type(c).__name__, c == d)
print(isinstance(d, dict))
t = defaultdict(set)
t[1].add(2)
print(t)
try:
    defaultdict(5)
except TypeError as e:
    print(e)
nested = defaultdict(lambda: defaultdict(int))
nested['a']['b'] += 1
print(nested['a']['b'], dict(nested['a']))
