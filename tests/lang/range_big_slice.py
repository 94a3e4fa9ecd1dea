r = range(-10, 10**30, 7)
print(r[10**20], r[-1], r)
print(r[5:10])
print(range(10)[::-1][2], range(0, 10, 3)[-2:])
print(range(10)[-100:100], range(10)[3:3])
it = iter(range(3))
print(next(it), next(it), next(it), next(it, 'done'))
print(list(range(5))[::2] == list(range(5)[::2]))
print(range(1, 10).count(3), range(1, 10).index(9))
for n in (0, 1, -1):
    print(list(range(n, n + 3)))
try:
    len(range(10 ** 30))
except OverflowError as e:
    print(e)
