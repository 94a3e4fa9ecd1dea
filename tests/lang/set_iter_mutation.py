s = {1, 2, 3}
try:
    for x in s:
        s.add(x + 10)
except RuntimeError as e:
    print(e)
s = set(range(100))
for i in range(0, 100, 3):
    s.discard(i)
print(len(s), sum(s), min(s), max(s))
s = set()
for i in range(1000):
    s.add(i * 7 % 1000)
print(len(s), sum(s))
s2 = {x for x in s if x < 10}
print(sorted(s2))
print(sorted(set('mississippi')))
print(len(set([1, 1.0, True])))
print(sorted({-1, -2, 5, 0}))
