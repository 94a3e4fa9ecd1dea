def g():
    yield 1
    raise StopIteration
for x in g():
    print(x)
