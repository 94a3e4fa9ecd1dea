r = range(10)
print(5 in r, 5.0 in r, 5.5 in r, '5' in r, True in r, -1 in r, 10 in r)
print(range(0, 10, 2).count(4), range(0, 10, 2).index(8))
