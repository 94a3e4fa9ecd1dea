d = {'x': 1, 'y': 2, 'z': 3}
print(list(d.keys()), list(d.values()), list(d.items()))
print(d.pop('x'), d.pop('q', None), d)
try:
    d.pop('q')
except KeyError as e:
    print('KeyError', e)
print(d.setdefault('y', 9), d.setdefault('w', 9), d.setdefault('v'), d)
print(d.popitem(), d)
d.update({'a': 1})
d.update([('b', 2)])
d.update(c=3)
d.update({'a': 0}, d=4)
print(d)
c = d.copy()
c['a'] = 100
print(d['a'], c['a'])
d.clear()
print(d, len(d))
try:
    d.popitem()
except KeyError as e:
    print('KeyError', e)
print(dict.fromkeys('abc'), dict.fromkeys([1, 2], 0))
print({'a': 1} | {'b': 2}, {'a': 1, 'b': 1} | {'a': 2})
e = {'a': 1}
e |= {'c': 3}
print(e)
try:
    d.update(1)
except TypeError as e2:
    print(e2)
try:
    d.get()
except TypeError as e2:
    print(e2)
print(list(reversed({1: 2, 3: 4})))
