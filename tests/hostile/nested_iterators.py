# A million iterators each wrapping the next (map over map over ...): CPython 3.11
# overflows the C stack and crashes; krait raises RecursionError, and stays usable after.
import itertools


def nest(make, depth=10 ** 6):
    it = iter([1, 2, 3])
    for _ in range(depth):
        it = make(it)
    return it


makers = [
    lambda it: map(abs, it),
    lambda it: filter(None, it),
    lambda it: zip(it),
    lambda it: enumerate(it),
    lambda it: itertools.chain(it),
    lambda it: itertools.islice(it, None),
    lambda it: itertools.takewhile(bool, it),
    lambda it: itertools.dropwhile(lambda x: False, it),
    lambda it: itertools.starmap(lambda *a: a, zip(it)),
    lambda it: (x for x in it),
]
consumers = (next, list, sum, sorted, tuple, lambda i: max(i, default=0))
for k, make in enumerate(makers):
    for c, consume in enumerate(consumers):
        # the full million once; a depth that still overflows the C stack for the others
        depth = 10 ** 6 if c == 0 and k == 0 else 100000
        it = nest(make, depth if k != len(makers) - 1 else 20000)
        try:
            consume(it)
            raise AssertionError('no RecursionError for maker %d' % k)
        except RecursionError:
            pass
        del it

# a shallow chain still works, and so does the interpreter
assert list(nest(lambda it: map(abs, it), 500)) == [1, 2, 3]
assert next(nest(lambda it: zip(it), 500)) is not None
print('ok')
