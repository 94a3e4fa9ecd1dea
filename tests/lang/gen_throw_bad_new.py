# throw() and raise with an exception class whose __new__ returns something else.
class B(Exception):
    def __new__(cls, *a):
        return 42


class D(Exception):
    def __new__(cls, *a):
        return None


def g():
    try:
        yield 1
    except BaseException as e:
        print('in g:', type(e).__name__, e)
        raise
    yield 2


# (a __new__ returning an instance of another exception class is left out: CPython 3.11
# wraps it in a second instance of that class)
for cls in (B, D):
    for args in ((), (None,), ('x',), (('a', 'b'),)):
        it = g()
        next(it)
        try:
            it.throw(cls, *args)
        except BaseException as e:
            print(cls.__name__, len(args), type(e).__name__, e)
        print(' next:', next(it, 'done'))
    try:
        raise cls
    except BaseException as e:
        print('raise', cls.__name__, type(e).__name__, e)
    try:
        raise cls from None
    except BaseException as e:
        print('raise from', cls.__name__, type(e).__name__, e)
