print([1, 2] * 3, 3 * [0], [1] * 0, [1] * -2, [] * 5)
print([1] + [2, 3], [] + [])
l = [1]
l += [2]
l += (3, 4)
l += 'ab'
print(l)
l *= 2
print(l)
l *= 0
print(l)
try:
    [1] + (2,)
except TypeError as e:
    print(e)
try:
    [1] * 1.5
except TypeError as e:
    print(e)
try:
    [1] * 'a'
except TypeError as e:
    print(e)
a = [[0]] * 3
a[0].append(1)
print(a)
