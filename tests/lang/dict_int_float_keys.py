d = {1: 'a'}
d[1.0] = 'b'
d[True] = 'c'
print(d, len(d))
d2 = {0.5: 1, -0.0: 2}
print(d2[0.0], d2)
