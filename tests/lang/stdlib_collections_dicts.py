# collections: defaultdict, OrderedDict, Counter, ChainMap
from collections import defaultdict, OrderedDict, Counter, ChainMap

dd = defaultdict(list)
for k, v in [('a', 1), ('b', 2), ('a', 3)]:
    dd[k].append(v)
print(dd, dd['a'], isinstance(dd, dict), dd.default_factory)
counts = defaultdict(int)
for ch in 'mississippi':
    counts[ch] += 1
print(sorted(counts.items()), repr(counts)[:28])
nd = defaultdict(None, {'x': 1})
print(nd)
try:
    nd['missing']
except KeyError as e:
    print('KeyError', e)
print('missing' in dd, dd.get('zz'), len(dd))

od = OrderedDict()
od['x'] = 1
od['y'] = 2
od['z'] = 3
od.move_to_end('x')
print(od, list(od))
od.move_to_end('z', last=False)
print(od, od.popitem(), od.popitem(last=False), od)
print(OrderedDict(), OrderedDict([('a', 1)]) == OrderedDict([('a', 1)]))
print(OrderedDict(a=1, b=2) == OrderedDict(b=2, a=1), OrderedDict(a=1, b=2) == dict(b=2, a=1))
try:
    OrderedDict().popitem()
except KeyError as e:
    print('KeyError', e)

c = Counter('abracadabra')
print(c, c['a'], c['zzz'], c.total())
print(c.most_common(2), c.most_common()[-1], sorted(c.elements())[:6])
c.update('aaz')
c.update({'b': 10})
print(c)
c.subtract('aaaa')
print(c)
c2 = Counter(a=3, b=1)
c3 = Counter(a=1, b=2, c=5)
print(c2 + c3, c2 - c3, c2 | c3, c2 & c3)
print(Counter(), Counter([1, 1, 2]) == Counter({1: 2, 2: 1}), +Counter(a=-1, b=2), -Counter(a=-1))
words = 'the cat and the hat and the bat'.split()
print(Counter(words).most_common(3))
del c['a']
print('a' in c, len(c))

cm = ChainMap({'a': 1}, {'a': 2, 'b': 3})
print(cm['a'], cm['b'], len(cm), sorted(cm), cm.get('c', 0), 'b' in cm)
cm['c'] = 4
print(cm.maps, cm.new_child({'a': 0})['a'], cm.parents)
