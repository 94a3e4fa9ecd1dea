import itertools as it
print(list(it.product('ab', repeat=2)), list(it.product(range(2), 'xy', [True])))
print(sum(1 for _ in it.product(range(3), repeat=3)))
