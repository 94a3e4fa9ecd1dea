def f(a, *, b, c=3):
    return a, b, c
print(f(1, b=2), f(1, c=5, b=0))
def g(*args, key=None):
    return args, key
print(g(), g(1, 2, key="k"))
def h(a, b=2, /, c=3, *, d=4): return a, b, c, d
print(h(1), h(1, 5, 6, d=7), h(1, c=9))
try:
    h(1, 2, 3, 4)
except TypeError as e:
    print(e)
try:
    f(1, 2)
except TypeError as e:
    print(e)
try:
    f(1, b=2, e=3)
except TypeError as e:
    print(e)
