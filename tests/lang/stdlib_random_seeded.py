import random
random.seed(42)
print([random.random() for _ in range(3)])
print([random.randint(1, 100) for _ in range(5)])
print([random.randrange(0, 100, 7) for _ in range(5)])
print(random.getrandbits(100), random.getrandbits(7))
l = list(range(10)); random.shuffle(l); print(l)
print(random.choice("abcdef"), random.sample(range(100), 5), random.sample(range(10000), 3))
print(random.choices("abc", k=5), random.choices("abc", weights=[1, 5, 10], k=5))
print(random.uniform(1, 2), random.gauss(0, 1), random.normalvariate(), random.expovariate(2))
print(random.triangular(0, 10, 3), random.betavariate(2, 3), random.gammavariate(0.5, 1))
random.seed("hello")
print(random.random())
random.seed(-12345678901234567890)
print(random.random())
s = random.getstate(); a = random.random(); random.setstate(s); print(a == random.random())
r = random.Random(7); print(r.random(), r.randint(1, 6))
for bad in [lambda: random.randrange(0), lambda: random.choice([]), lambda: random.sample([1], 2)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
