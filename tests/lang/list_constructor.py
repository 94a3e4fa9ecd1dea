print(list(), list([1, 2]), list((3,)), list('abc'), list(range(3)), list({1: 2}))
print(list(x * 2 for x in range(3)))
print(list(map(str, [1, 2])))
try:
    list(1)
except TypeError as e:
    print(e)
try:
    list(1, 2)
except TypeError as e:
    print(e)
l = [1, 2]
print(list(l) is l, list(l) == l)
print(repr([]), repr([[]]), str([1, 'a', None, 2.5]))
r = [1]
r.append(r)
print(r)
print([i for i in range(10) if i % 2])
print([(i, j) for i in range(3) for j in range(i)])
print(len([]), len([0] * 7), bool([]), bool([0]))
