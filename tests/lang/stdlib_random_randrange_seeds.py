import random
for s in range(20):
    random.seed(s)
    print(random.randrange(1000), random.randrange(1, 7), random.randrange(0, 100, 7), random.randrange(10, 0, -3), random.randint(-5, 5))
