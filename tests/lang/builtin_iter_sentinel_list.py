l = [1, 2, 3, 0, 4]
it = iter(l)
print(list(iter(lambda: next(it), 0)))
