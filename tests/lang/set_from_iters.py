print(sorted(set(range(5))), sorted(set('hello')), sorted(set((1, 1, 2))), sorted(set({'a': 1})), sorted(set(x % 4 for x in range(20))))
