f(a)(b)
f(*a)
f(*a, *b)
f(**a, **b)
f(a, b=1, *c, d=2, **e)
f(*a, b)
f(a=1, *b)
f(x:=1)
f(a, (b := 2))
f(
    a,
    b,
)
f(a,)
print('a', 'b', sep='', end='\n', file=None, flush=True)
obj.method(1)(2).attr[3]
f()()
f(lambda x: x, key=lambda y: -y)
f(a if b else c)
f(not a)
f(*[1, 2])
f(**{'a': 1})
