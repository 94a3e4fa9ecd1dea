print({x: x ** 2 for x in range(5)})
print({k: v for k, v in zip('abc', range(3)) if v != 1})
print({c: i for i, c in enumerate('hello')})
print(dict((i, i) for i in range(3)))
d = {'a': 1, **{'b': 2}, 'c': 3, **{'a': 9}}
print(d)
def f(**kw):
    return kw
print(f(**d), f(x=1, **{'y': 2}))
print({(i, j): i * j for i in range(2) for j in range(2)})
