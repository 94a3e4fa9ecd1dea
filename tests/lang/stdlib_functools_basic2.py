import functools
from functools import reduce, partial
print(reduce(lambda a, b: a + b, [1, 2, 3, 4]), reduce(lambda a, b: a * b, [1, 2, 3], 10), reduce(max, [3, 9, 2]))
try:
    reduce(lambda a, b: a, [])
except TypeError as e:
    print(e)
print(reduce(lambda a, b: a, [], 'init'))
p = partial(int, base=2)
print(p('101'), p('11', base=10))
def f(a, b, c=3, *args, **kw):
    return (a, b, c, args, kw)
g = partial(f, 1, c=5)
print(g(2), g(2, x=1), g.args, g.keywords, g.func is f)
h = partial(g, 7)
print(h(), h(c=0))
print(functools.cmp_to_key(lambda a, b: a - b)(1) < functools.cmp_to_key(lambda a, b: a - b)(2))
print(sorted([3, 1, 2], key=functools.cmp_to_key(lambda a, b: b - a)))
print(sorted(['bb', 'a', 'ccc'], key=functools.cmp_to_key(lambda a, b: len(a) - len(b))))
