def outer(a):
    def mid(b):
        def inner(c):
            return a + b + c
        return inner
    return mid
print(outer(1)(2)(3))
def apply(f, *args): return f(*args)
print(apply(max, 3, 7, 2), apply(lambda: "none"))
def compose(*fs):
    def c(x):
        for f in reversed(fs):
            x = f(x)
        return x
    return c
print(compose(str, lambda x: x * 2, abs)(-4))
