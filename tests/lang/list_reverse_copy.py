l = [1, 'a', None]
l.reverse()
print(l)
m = l.copy()
m.append(0)
print(l, m, l[::-1], list(reversed(l)))
