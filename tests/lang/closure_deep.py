def a():
    x = 1
    def b():
        def c():
            def d():
                return x
            return d
        return c
    return b
print(a()()()())
def outer(v):
    def mid():
        w = v * 2
        def inner():
            return v + w
        return inner
    return mid()
print(outer(3)())
def gen_closure():
    n = 3
    def g():
        for i in range(n):
            yield i * n
    return g
print(list(gen_closure()()))
def param_cell(x):
    def f(): return x
    x = x + 1
    return f
print(param_cell(1)())
class K:
    def method(self):
        v = 9
        return lambda: (self.__class__.__name__, v)
print(K().method()())
