l = list(range(10))
l[2:5] = ['a', 'b']
print(l)
l[:] = [1, 2, 3]
print(l)
l[1:1] = [9, 9, 9]
print(l)
l[::2] = [0, 0, 0]
print(l)
try:
    l[::2] = [1]
except ValueError as e:
    print(e)
del l[::2]
print(l)
l = list(range(10))
del l[2:8:3]
print(l)
del l[-2:]
print(l)
l[len(l):] = [100]
print(l)
l[-1:0] = [5]
print(l)
l = [1, 2, 3]
l[0:2] = l
print(l)
l = list(range(6))
l[::-1] = l[:]
print(l)
l[1:4] = range(3)
print(l)
try:
    l[1:2] = 5
except TypeError as e:
    print(e)
