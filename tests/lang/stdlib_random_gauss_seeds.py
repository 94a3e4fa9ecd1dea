import random
for s in range(8):
    random.seed(s)
    print(repr(random.gauss(5, 2)), repr(random.uniform(-1, 1)), repr(random.random()))
