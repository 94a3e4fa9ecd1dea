import random
for seed in [0, 1, 2, 42, 123456789, 2**40 + 7, -5, 10**30]:
    random.seed(seed)
    print(seed, [random.random() for _ in range(3)])
    print(' ', [random.randint(0, 100) for _ in range(5)], random.randrange(10), random.randrange(5, 50, 5))
