def gen():
    yield 1
    yield 0
    print('not reached?')
    yield 1
print(all(gen()))
print(any(x > 0 for x in [0, 0, 5]))
