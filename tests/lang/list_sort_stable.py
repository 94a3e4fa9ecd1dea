import random
data = [(i % 7, i) for i in range(200)]
data.reverse()
s = sorted(data, key=lambda t: t[0])
ok = all(s[i][0] < s[i+1][0] or (s[i][0] == s[i+1][0] and s[i][1] > s[i+1][1]) for i in range(len(s)-1))
print(ok)
big = [(i * 7919) % 1000 for i in range(1000)]
print(sorted(big) == list(range(1000)))
print(sorted(big, reverse=True)[:5])
class K:
    def __init__(self, v):
        self.v = v
    def __lt__(self, o):
        return self.v < o.v
    def __repr__(self):
        return 'K(%d)' % self.v
print(sorted([K(3), K(1), K(2)]))
print(max([K(3), K(1), K(2)], key=lambda k: k.v))
l = [3, 2, 1]
def bad(x):
    raise ValueError('boom')
try:
    l.sort(key=bad)
except ValueError as e:
    print(e, l)
