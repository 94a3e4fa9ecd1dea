def f(): pass
def g(a, b, c=1, *args, d, e=2, **kwargs): return a
def h(a, /, b, *, c): pass
def i(a=1, /, b=2, *, c, d=4, **k): pass
def j(*, a): pass
def k(*args): pass
def l(**kw): pass
def m(a: int, b: 'str' = 'x', *c: float, d: list = None, **e: dict) -> bool: pass
def n(a, b, /): pass
async def o(x):
    await x
    async for i in x:
        pass
    else:
        pass
    async with x as y, z:
        pass
    return [i async for i in x]
def gen():
    yield
    yield 1
    yield 1, 2
    x = yield
    y = yield from gen()
    z = yield 1
    await_ = 1
    return (yield)
@decorator
def p(): pass
@a.b.c
@d(1, 2)(3)
@e[0]
@(lambda f: f)
@x if y else z
def q(): pass
lambda: 0
lambda x: x
lambda x, y=1, *z, w, v=2, **u: x
lambda *, a: a
lambda a, /, b: a
lambda *a, **b: 0
f = lambda: (yield)
def outer():
    x = 1
    def inner():
        nonlocal x
        global y
        x += 1
    return inner
def long(a,
         b,
         c,):
    pass
def trailing(a, b, *, c,): pass
def trailing2(*args,): pass
def trailing3(**kw,): pass
