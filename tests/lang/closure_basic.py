def make_adder(n):
    def add(x):
        return x + n
    return add
a5 = make_adder(5)
print(a5(1), make_adder(10)(1))
def counter():
    c = 0
    def inc():
        nonlocal c
        c += 1
        return c
    return inc
c1 = counter(); c2 = counter()
print(c1(), c1(), c2())
def late():
    fs = []
    for i in range(3):
        fs.append(lambda: i)
    return [f() for f in fs]
print(late())
def cell_shared():
    x = 0
    def get(): return x
    def set_(v):
        nonlocal x
        x = v
    return get, set_
g, s = cell_shared()
s(7)
print(g())
print(a5.__closure__[0].cell_contents)
print(make_adder.__closure__)
