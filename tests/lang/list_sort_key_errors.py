try:
    [3, 1].sort(key=1)
except TypeError as e:
    print(e)
try:
    [3, 1].sort(reverse=None)
except TypeError as e:
    print(e)
l = [3, 1, 2]
l.sort(key=None)
print(l)
