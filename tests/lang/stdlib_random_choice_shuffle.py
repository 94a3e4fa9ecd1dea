import random
for seed in range(6):
    random.seed(seed)
    l = list(range(10))
    random.shuffle(l)
    print(l, random.choice('abcdefg'), random.choice([1, 2, 3]), random.sample(range(100), 5))
    print(' ', random.choices('abc', k=5), random.choices([1, 2, 3], weights=[1, 0, 5], k=4), random.choices('xy', cum_weights=[1, 10], k=3))
try:
    random.choice([])
except IndexError as e:
    print(e)
try:
    random.sample([1, 2], 3)
except ValueError as e:
    print(e)
