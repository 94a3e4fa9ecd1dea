x = "outer"
l = [x for x in range(3)]
print(x, l)
def f():
    y = 10
    return [y + i for i in range(3)], {i: y for i in range(2)}, {y * i for i in range(2)}
print(f())
def g():
    fs = [lambda: i for i in range(3)]
    return [h() for h in fs]
print(g())
def h():
    fs = [lambda i=i: i for i in range(3)]
    return [k() for k in fs]
print(h())
print([[j for j in range(i)] for i in range(3)])
print([(i, j) for i in range(3) if i for j in range(i) if j != 1])
