import random
random.seed(5)
st = random.getstate()
a = [random.random() for _ in range(3)]
random.setstate(st)
b = [random.random() for _ in range(3)]
print(a == b)
r = random.Random(17)
print(r.random(), r.randint(1, 6), r.choice('xyz'))
r2 = random.Random()
r2.seed(17)
print(r2.random())
random.seed('hello')
print(random.random())
random.seed(b'abc')
print(random.random())
random.seed(3.5)
print(random.random())
print(random.randrange(-10, 10, 3) in range(-10, 10, 3))
try:
    random.randrange(0)
except ValueError as e:
    print(e)
try:
    random.randint(5, 1)
except ValueError as e:
    print(e)
random.seed(1)
print(random.randrange(10**30), random.randint(-10**20, 10**20))
