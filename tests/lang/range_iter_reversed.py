print(list(reversed(range(0, 20, 5))), list(reversed(range(5, 0, -2))), list(reversed(range(0))))
r = range(3)
it = iter(r)
print(list(it), list(it))
