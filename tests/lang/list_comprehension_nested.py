print([[i * j for j in range(3)] for i in range(3)])
print([x for row in [[1, 2], [3]] for x in row if x != 2])
print([(x, y) for x in 'ab' for y in range(2)])
