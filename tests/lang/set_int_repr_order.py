print({1, 2, 3}, {3, 2, 1}, {10, 5, 100}, {-1, 0, 1}, set(range(10)))
print(frozenset({8, 4, 2}))
