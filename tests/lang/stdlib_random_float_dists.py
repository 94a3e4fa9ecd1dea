import random
for seed in [3, 7, 99, 2024]:
    random.seed(seed)
    print([round(random.uniform(1, 5), 12) for _ in range(3)])
    print([round(random.gauss(0, 1), 12) for _ in range(4)])
    print([round(random.normalvariate(10, 2), 12) for _ in range(2)])
    print(random.getrandbits(1), random.getrandbits(31), random.getrandbits(32), random.getrandbits(64), random.getrandbits(100))
    print(round(random.triangular(0, 10), 12), round(random.expovariate(2), 12))
