# throw() into a generator in `yield from` over a non-generator iterator: the iterator's
# throw() gets throw's own arguments (not an exception made from them), as CPython
class Iter:
    def __iter__(self):
        return self

    def __next__(self):
        return 1

    def throw(self, *args):
        print('throw', args)
        if args and args[0] == 'stop':
            raise StopIteration('done')
        if args and args[0] == 'boom':
            raise KeyError('boom')
        return 456


def gen():
    r = yield from Iter()
    print('gen got', r)
    yield 'after'


for args in [(123,), (ZeroDivisionError,), (ValueError, ValueError(2)), (TypeError, None, None),
             ('stop',), ('boom',)]:
    g = gen()
    next(g)
    try:
        print(g.throw(*args))
    except Exception as e:
        print(type(e).__name__, e)


class NoThrow:
    def __iter__(self):
        return self

    def __next__(self):
        return 2


def gen2():
    yield from NoThrow()


g = gen2()
next(g)
for a in [(123,), (ValueError,)]:
    try:
        g.throw(*a)
    except Exception as e:
        print(type(e).__name__, e)


def outer():
    yield from gen()


g = outer()
next(g)
print(g.throw(99))
g = gen()
next(g)
g.close()
print('closed without throw')
g = gen()
print(next(g))
try:
    g.throw(GeneratorExit)
except GeneratorExit:
    print('GeneratorExit')
