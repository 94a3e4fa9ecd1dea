data = [('a', 2), ('b', 1), ('c', 2), ('d', 1)]
print(sorted(data, key=lambda x: x[1]), sorted(data, key=lambda x: x[1], reverse=True))
