nan = float('nan')
l = [nan]
print(l == l, [nan] == [nan])
print(1 in [1, 2], 3 in [1, 2], 3 not in [1, 2], nan in l)
print(nan in (nan,), l.count(nan), l.index(nan))
