# Parameters: defaults, *args, **kwargs, keyword-only, and call-site unpacking.
def f(a, b=2, *args, c, d=4, **kw):
    return (a, b, args, c, d, sorted(kw.items()))
print(f(1, c=3))
print(f(1, 5, 6, 7, c=8, e=9, d=0))
print(f(*[1, 2, 3], **{"c": 10, "z": 26}))
print(f(c=1, a=2))
def g(x, y, /, z=0):
    return x + y + z
print(g(1, 2), g(1, 2, z=3))
def h(*, key):
    return key
print(h(key="k"))
def mutable_default(item, acc=[]):
    acc.append(item)
    return acc
print(mutable_default(1), mutable_default(2), mutable_default(3, []))
def defaults_evaluated_once(x=len("abc")):
    return x
print(defaults_evaluated_once(), defaults_evaluated_once(10))
def varargs(*args):
    return args
print(varargs(), varargs(1), varargs(*"abc"), varargs(*range(3), *[9]))
def kwonly(**kw):
    return kw
print(kwonly(), kwonly(a=1, b=2), kwonly(**{"x": 1}, y=2))
print(f.__name__, g.__name__, (lambda: 0).__name__, f.__defaults__, f.__kwdefaults__)
errors = [
    lambda: f(),
    lambda: f(1),
    lambda: f(1, 2, c=3, a=4),
    lambda: g(1, y=2),
    lambda: h(1),
    lambda: h(),
    lambda: h(key=1, other=2),
    lambda: varargs(x=1),
    lambda: g(1, 2, 3, 4),
    lambda: kwonly(1),
    lambda: f(1, c=1, **{"c": 2}),
    lambda: f(*5),
    lambda: f(1, **[1]),
    lambda: (lambda x, y: 0)(1),
    lambda: (lambda: 0)(1),
    lambda: (lambda a, b=1: 0)(1, 2, 3),
]
for e in errors:
    try:
        e()
    except TypeError as ex:
        print("TypeError:", ex)
def many(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p):
    return a + b + c + d + e + f + g + h + i + j + k + l + m + n + o + p
print(many(*range(16)))
def order(a, b, c):
    return a, b, c
print(order(c=3, b=2, a=1), order(1, c=3, b=2), order(*(1,), **{"c": 3, "b": 2}))
