# itertools: infinite iterators, filtering, slicing and grouping
import itertools as it

print(list(it.islice(it.count(), 4)), list(it.islice(it.count(5, -2), 4)))
print(list(it.islice(it.count(0.5, 0.25), 3)), it.count(3), it.count(1, 2), it.count(1.5))
print(list(it.islice(it.cycle('abc'), 7)), list(it.cycle([])))
print(list(it.repeat('x', 3)), list(it.repeat(1, 0)), list(it.repeat(1, -2)), it.repeat('a', 2))
print(list(map(pow, range(4), it.repeat(2))))
print(list(it.accumulate([1, 2, 3, 4, 5])), list(it.accumulate([3, 1, 4, 1, 5], max)))
print(list(it.accumulate([1, 2, 3], initial=100)), list(it.accumulate([])))
print(list(it.accumulate([], initial=7)), list(it.accumulate(['a', 'b', 'c'])))
print(list(it.chain('ab', [1, 2], (3,))), list(it.chain()), list(it.chain.from_iterable(['ab', 'cd'])))
print(list(it.compress('ABCDEF', [1, 0, 1, 0, 1, 1])), list(it.compress('AB', [1, 1, 1, 1])))
print(list(it.dropwhile(lambda x: x < 5, [1, 4, 6, 4, 1])))
print(list(it.takewhile(lambda x: x < 5, [1, 4, 6, 4, 1])))
print(list(it.filterfalse(lambda x: x % 2, range(10))), list(it.filterfalse(None, [0, 1, '', 'a'])))
print(list(it.islice('ABCDEFG', 2)), list(it.islice('ABCDEFG', 2, 4)))
print(list(it.islice('ABCDEFG', 2, None)), list(it.islice('ABCDEFG', 0, None, 2)))
print(list(it.islice(range(10), 1, 8, 3)), list(it.islice([], 3)))
print(list(it.starmap(pow, [(2, 5), (3, 2), (10, 3)])), list(it.starmap(max, [[1, 5], [7, 2]])))
print(list(it.zip_longest('ABCD', 'xy', fillvalue='-')), list(it.zip_longest([1], [2, 3])))
print(list(it.zip_longest()), list(it.pairwise('ABCDE')), list(it.pairwise('A')))
print([(k, list(g)) for k, g in it.groupby('AAAABBBCCDAABBB')])
print([list(g) for k, g in it.groupby([1, 3, 2, 4, 5, 7], key=lambda x: x % 2)])
groups = it.groupby('aabbc')
k1, g1 = next(groups)
k2, g2 = next(groups)
print(k1, list(g1), k2, list(g2))
a, b, c = it.tee(range(4), 3)
print(next(a), list(a), list(b), list(c), len(it.tee('x')))
print(type(it.count()).__name__, type(it.chain()).__name__, iter(it.repeat(1)) is not None)
for bad in [lambda: it.islice('abc', -1), lambda: it.islice('abc', 0, 3, 0),
            lambda: it.repeat(), lambda: it.islice('a', 'b')]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
