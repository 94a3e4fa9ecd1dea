t = (1, 2, 1, 3)
print(t.count(1), t.index(3), t.index(1, 1))
try:
    t.index(1, 3)
except ValueError as e:
    print(e)
print(t[1:3], t[::2], t[-1:-3:-1])
