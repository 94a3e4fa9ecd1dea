import operator
from operator import itemgetter, attrgetter, methodcaller

rows = [('b', 2, 9.5), ('a', 3, 1.0), ('c', 1, 4.25)]
print(sorted(rows, key=itemgetter(1)))
print(sorted(rows, key=itemgetter(0, 2)))
print(itemgetter(slice(1, None))('abcdef'), itemgetter('k')({'k': 7}))


class P:
    def __init__(self, name, child=None):
        self.name = name
        self.child = child

    def greet(self, greeting, punct='!'):
        return greeting + ' ' + self.name + punct


p = P('outer', P('inner'))
print(attrgetter('name')(p), attrgetter('child.name')(p), attrgetter('name', 'child.name')(p))
print(methodcaller('greet', 'hi')(p), methodcaller('greet', 'yo', punct='?')(p))
print(repr(itemgetter(1, 2)), repr(attrgetter('a.b')), repr(methodcaller('f', 1, k=2)))
for name in ['add', 'sub', 'mul', 'truediv', 'floordiv', 'mod', 'pow', 'lshift', 'rshift',
             'and_', 'or_', 'xor', 'lt', 'le', 'eq', 'ne', 'ge', 'gt', 'concat']:
    f = getattr(operator, name)
    args = ([1], [2]) if name == 'concat' else (13, 4)
    print(name, f(*args))
print(operator.neg(5), operator.pos(-5), operator.abs(-3), operator.invert(5), operator.not_(0))
print(operator.truth([]), operator.is_(None, None), operator.is_not(1, None))
print(operator.contains([1, 2], 2), operator.countOf([1, 2, 1], 1), operator.indexOf('abc', 'c'))
d = {'x': 1}
operator.setitem(d, 'y', 2)
operator.delitem(d, 'x')
print(d, operator.getitem(d, 'y'), operator.length_hint(iter([1, 2, 3])))
x = [1]
print(operator.iadd(x, [2]), x, operator.index(7))
try:
    operator.index(1.5)
except TypeError as e:
    print('TypeError', e)
try:
    itemgetter(5)([1])
except IndexError as e:
    print('IndexError', e)
try:
    attrgetter('nope')(p)
except AttributeError as e:
    print('AttributeError', e)
from functools import reduce
print(reduce(operator.mul, range(1, 8)), list(map(operator.add, [1, 2], [10, 20])))
