def g():
    yield 1
it = g()
next(it)
it.throw(ValueError("thrown in"))
