a = {1, 2}
print(a == {2, 1}, a != {1}, a < {1, 2, 3}, a > {1}, a <= a, a >= {3})
print({1, 2} == [1, 2], set() == frozenset())
