def g():
    yield 1
    raise StopIteration("inside")
try:
    list(g())
except RuntimeError as e:
    print("RuntimeError", e, repr(e.__cause__))
def h():
    next(iter([]))
    yield 1
try:
    for x in h(): pass
except RuntimeError as e:
    print(e)
def ret():
    return 5
    yield
try:
    next(ret())
except StopIteration as e:
    print("value", e.value)
def r2():
    yield 1
    return
it = r2()
next(it)
try:
    next(it)
except StopIteration as e:
    print("value", e.value, e.args)
