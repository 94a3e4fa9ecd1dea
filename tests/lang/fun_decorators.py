def deco(f):
    def w(*a, **k):
        print("before", f.__name__)
        r = f(*a, **k)
        print("after")
        return r
    return w
@deco
def add(a, b): return a + b
print(add(1, 2))
def param(n):
    def d(f):
        def w(x): return f(x) * n
        return w
    return d
@param(3)
@param(2)
def ident(x): return x
print(ident(1))
import functools
def keep(f):
    @functools.wraps(f)
    def w(*a): return f(*a)
    return w
@keep
def named():
    "doc here"
print(named.__name__, named.__doc__)
def cls_deco(c):
    c.tagged = True
    return c
@cls_deco
class T: pass
print(T.tagged)
