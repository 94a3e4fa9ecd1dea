def f(a, b=2, *args, c, d=4, **kw):
    return (a, b, args, c, d, kw)
print(f(1, c=3))
print(f(1, 5, 6, 7, c=3, e=8))
print(f(*[1, 2, 3], **{"c": 0, "z": 1}))
def pos_only(a, b, /, c):
    return a, b, c
print(pos_only(1, 2, c=3))
try:
    pos_only(1, b=2, c=3)
except TypeError as e:
    print(e)
def kwo(*, x): return x
try:
    kwo(1)
except TypeError as e:
    print(e)
try:
    kwo()
except TypeError as e:
    print(e)
try:
    f()
except TypeError as e:
    print(e)
try:
    f(1, a=1, c=2)
except TypeError as e:
    print(e)
try:
    f(1, c=2, **{"c": 3})
except TypeError as e:
    print(e)
def g(x): pass
try:
    g(y=1)
except TypeError as e:
    print(e)
try:
    g(1, 2)
except TypeError as e:
    print(e)
def h(a, b): pass
try:
    h(1)
except TypeError as e:
    print(e)
try:
    h()
except TypeError as e:
    print(e)
