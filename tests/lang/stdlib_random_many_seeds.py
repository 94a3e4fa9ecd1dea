import random
out = []
for seed in range(50):
    random.seed(seed)
    out.append((random.randint(1, 1000), random.randrange(0, 2**40), random.choice(range(37)), round(random.random(), 15)))
for o in out:
    print(o)
random.seed(12345)
l = list(range(30))
for _ in range(5):
    random.shuffle(l)
print(l)
print(random.sample(l, 10), random.sample(range(10**6), 3))
print(sorted(random.sample(set(range(20)) and list(range(20)), 20)) == list(range(20)))
