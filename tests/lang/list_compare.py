print([1, 2] == [1, 2], [1, 2] != [1, 2], [1] == [1.0], [] == ())
print([1, 2] < [1, 3], [1, 2] < [1, 2, 0], [2] > [1, 9], [1, 2] <= [1, 2], [] >= [])
print([[1]] < [[2]], [1, 'a'] == [1, 'a'])
try:
    [1, 'a'] < [1, 2]
except TypeError as e:
    print(e)
try:
    [1] < (1,)
except TypeError as e:
    print(e)
print(1 in [1, 2], 3 in [1, 2], 3 not in [1, 2])
