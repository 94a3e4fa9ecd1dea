l = [1, 2, 3]
for i in [-1, -5, 0, 10, 2]:
    l.insert(i, i)
    print(l)
