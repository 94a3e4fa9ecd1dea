import random
a = random.Random(42)
b = random.Random(42)
print([a.random() for _ in range(3)] == [b.random() for _ in range(3)])
print(a.randint(1, 100), a.choice('abc'), a.sample(range(10), 3))
l = [1, 2, 3, 4, 5]
a.shuffle(l)
print(l)
