import random
for s in [0, 1, 99, 2**32, 2**64 + 1]:
    random.seed(s)
    l = list('abcdefghij')
    random.shuffle(l)
    print(''.join(l), random.sample('abcdefghij', 4), random.choices(range(5), k=3))
