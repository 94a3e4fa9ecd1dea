# next() on an exhausted iterator at module level.
it = iter([1])
print(next(it))
print(next(it))
