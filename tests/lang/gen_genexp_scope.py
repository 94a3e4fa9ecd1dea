class A:
    vals = [1, 2]
    g = list(v * 2 for v in vals)
print(A.g)
def f():
    n = 3
    return list(i * n for i in range(n))
print(f())
ge = (i for i in range(2))
print(ge.__name__, next(ge), list(ge))
print(sum(i for i in range(101)))
print(list(x for x in (y * 2 for y in range(3)) if x))
