print(list(zip('abc', range(10))), list(zip([], [1])), list(zip('a', 'b', 'c', 'd')))
print(list(zip(*zip('ab', 'cd'))))
