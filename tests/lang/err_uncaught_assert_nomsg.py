# A bare failing assert at module level.
x = [1, 2, 3]
assert len(x) == 3
assert len(x) == 4
