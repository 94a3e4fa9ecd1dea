print(list(map(lambda *a: sum(a), [1, 2], [10, 20], [100])))
print(list(map(str.upper, 'ab')), list(map(int, ['1', '2'])))
