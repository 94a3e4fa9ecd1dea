from collections import OrderedDict
o = OrderedDict()
o['b'] = 1
o['a'] = 2
o['c'] = 3
print(o, list(o), list(o.items()))
o.move_to_end('b')
print(list(o))
o.move_to_end('c', last=False)
print(list(o))
print(o.popitem(), o.popitem(last=False), o)
print(OrderedDict([(1, 2), (3, 4)]), OrderedDict(a=1), repr(OrderedDict()))
x = OrderedDict(a=1, b=2)
y = OrderedDict(b=2, a=1)
print(x == y, dict(x) == dict(y), x == {'b': 2, 'a': 1})
try:
    o.move_to_end('zz')
except KeyError as e:
    print('KeyError', e)
print(isinstance(o, dict), type(o).__name__)
x.update(c=3)
print(x, list(reversed(x)))
