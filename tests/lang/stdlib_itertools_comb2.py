import itertools as it
print(list(it.permutations([1, 2, 3])))
print(list(it.permutations('abcd', 2)))
print(list(it.combinations('abcd', 2)), list(it.combinations(range(4), 3)), list(it.combinations([1], 2)))
print(list(it.combinations_with_replacement('abc', 2)))
print(list(it.product('ab', range(2))), list(it.product([1, 2], repeat=2)), list(it.product()))
print(len(list(it.permutations(range(6)))), len(list(it.combinations(range(10), 4))), len(list(it.product('abc', repeat=4))))
print(list(it.permutations([], 0)), list(it.combinations('ab', 0)), list(it.permutations('ab', 3)))
try:
    it.combinations('ab', -1)
except ValueError as e:
    print(e)
