import itertools as it
import operator
print(list(it.chain('ab', [1, 2], ())), list(it.chain.from_iterable([[1], [2, 3]])))
print(list(it.accumulate([1, 2, 3, 4])), list(it.accumulate([1, 2, 3], operator.mul)), list(it.accumulate([1, 2], initial=10)), list(it.accumulate([])))
print([(k, list(g)) for k, g in it.groupby('aaabbcaa')])
print([(k, len(list(g))) for k, g in it.groupby(range(10), key=lambda x: x // 3)])
print(list(it.takewhile(lambda x: x < 3, [1, 2, 3, 1])), list(it.dropwhile(lambda x: x < 3, [1, 2, 3, 1])))
print(list(it.filterfalse(lambda x: x % 2, range(6))), list(it.compress('abcdef', [1, 0, 1, 0, 1])))
print(list(it.starmap(pow, [(2, 3), (3, 2)])), list(it.zip_longest('ab', 'xyz', fillvalue='-')), list(it.zip_longest([1], [])))
a, b = it.tee([1, 2, 3])
print(list(a), list(b))
print(list(it.pairwise('abcd')), list(it.pairwise([1])))
