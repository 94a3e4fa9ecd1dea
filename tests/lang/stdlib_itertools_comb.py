# itertools: product, permutations, combinations, combinations_with_replacement
import itertools as it

print(list(it.product('AB', 'xy')), list(it.product(range(2), repeat=3)))
print(list(it.product()), list(it.product('ab', [])), list(it.product('ab', repeat=0)))
print(list(it.product([1, 2], 'a', repeat=2)))
print(list(it.permutations('ABC')), list(it.permutations(range(4), 2)))
print(list(it.permutations('AB', 3)), list(it.permutations([])), list(it.permutations('AB', 0)))
print(len(list(it.permutations(range(6)))), list(it.permutations(range(6)))[100])
print(list(it.combinations('ABCD', 2)), list(it.combinations(range(5), 3)))
print(list(it.combinations('AB', 3)), list(it.combinations('AB', 0)), list(it.combinations([], 0)))
print(list(it.combinations_with_replacement('ABC', 2)))
print(list(it.combinations_with_replacement([], 2)), list(it.combinations_with_replacement('A', 0)))
print(sum(1 for _ in it.combinations(range(12), 5)))
total = 0
for a, b in it.product(range(30), repeat=2):
    total += a * b
print(total)
try:
    it.combinations('abc', -1)
except ValueError as e:
    print('ValueError', e)
