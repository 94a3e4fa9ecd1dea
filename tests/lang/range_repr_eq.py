print(repr(range(0)), repr(range(-3, 3)), repr(range(1, 2, -1)))
print(range(0, 3) == range(3), range(0) == range(1, 1), range(1, 10, 3) == range(1, 11, 3))
print(range(3) == [0, 1, 2])
