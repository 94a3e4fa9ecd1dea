l = [[1], [1], 1, (1,), [1, 2]]
print(l.count([1]), l.count(1), l.count((1,)), [1, 2] in l, l.index([1, 2]))
