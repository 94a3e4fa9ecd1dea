import random
for s in range(10):
    random.seed(s)
    print([random.getrandbits(k) for k in (1, 8, 16, 33, 65, 128)])
