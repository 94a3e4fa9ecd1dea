# Closures capture variables, not values; nonlocal rebinds them.
def counter():
    n = 0
    def inc(by=1):
        nonlocal n
        n += by
        return n
    def get():
        return n
    return inc, get
inc, get = counter()
inc(); inc(5)
print(get(), inc(), get())
inc2, get2 = counter()
print(get2(), get())
fs = [lambda: i for i in range(3)]
print([f() for f in fs])
fs = [lambda i=i: i for i in range(3)]
print([f() for f in fs])
def make_adders():
    out = []
    for k in range(3):
        def add(x, k=k):
            return x + k
        out.append(add)
    return out
print([a(10) for a in make_adders()])
def outer():
    x = "outer"
    def middle():
        def inner():
            nonlocal x
            x = "changed by inner"
        inner()
        return x
    r = middle()
    return r, x
print(outer())
def late_binding():
    def show():
        return value
    value = "assigned after def"
    return show()
print(late_binding())
def shadow():
    x = 1
    def f():
        x = 2
        return x
    f()
    return x
print(shadow())
def acc():
    total = []
    def add(v):
        total.append(v)
        return sum(total)
    return add
a = acc()
print(a(1), a(2), a(3))
def compose(*fns):
    def run(x):
        for f in reversed(fns):
            x = f(x)
        return x
    return run
print(compose(lambda x: x + 1, lambda x: x * 2, abs)(-5))
print(inc.__closure__ is not None, counter.__closure__)
