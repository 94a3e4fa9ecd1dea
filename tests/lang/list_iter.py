l = [1, 2, 3]
it = iter(l)
print(next(it))
l.append(4)
print(list(it))
print(list(it))
it = reversed(l)
print(next(it), list(it))
it = iter([])
try:
    next(it)
except StopIteration:
    print('stop')
print(next(iter([]), 'default'))
l = [1, 2, 3, 4]
for x in l:
    if x == 2:
        l.remove(x)
print(l)
print(type(iter([])).__name__, type(reversed([])).__name__)
a, *b = [1, 2, 3]
print(a, b)
*a, b = [1]
print(a, b)
