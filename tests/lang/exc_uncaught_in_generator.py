def g():
    yield 1
    x = {}["nokey"]
    yield 2
for v in g():
    print(v)
