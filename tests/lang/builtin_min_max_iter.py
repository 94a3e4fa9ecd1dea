print(min('bca'), max(b'abc'), min([[2], [1, 5]]), max({3: 'a', 9: 'b'}), min(range(5, 0, -1)))
print(max([(1, 'b'), (1, 'a')]), min(x * x for x in range(-3, 3)))
