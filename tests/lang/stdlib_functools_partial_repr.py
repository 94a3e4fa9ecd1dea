from functools import partial
def f(a, b=2):
    return a * b
p = partial(f, 3)
print(p(), p(b=5), p.args, p.keywords)
q = partial(p, b=10)
print(q(), q.args, q.keywords)
