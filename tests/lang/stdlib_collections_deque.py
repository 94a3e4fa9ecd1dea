# collections.deque: both ends, maxlen, rotation, search, repr and comparison
from collections import deque

d = deque([1, 2, 3])
d.append(4)
d.appendleft(0)
print(d, len(d), d[0], d[-1], d[2])
print(d.popleft(), d.pop(), d)
d.extend('ab')
d.extendleft([8, 9])
print(d, list(d), 'a' in d, 'z' in d)
d.rotate(2)
print(d)
d.rotate(-3)
print(d)
d.reverse()
print(d, d.count(1), d.index(2))
d.remove('a')
print(d)
d[0] = 'first'
del d[1]
print(d)
d.clear()
print(d, len(d), bool(d))
q = deque()
for i in range(1000):
    q.append(i)
    q.appendleft(-i)
total = 0
while q:
    total += q.popleft()
    if q:
        total += q.pop()
print(total)
m = deque(range(10), maxlen=3)
print(m, m.maxlen)
m.append(10)
m.appendleft(-1)
print(m)
print(deque('abc', 0), deque().maxlen)
print(deque([1, 2]) == deque([1, 2]), deque([1]) == [1], deque([1, 2]) < deque([1, 3]))
print(deque([1, 2]) + deque([3]), deque([1]) * 3)
e = deque([1, 2])
e += [3, 4]
print(e, e.copy(), list(reversed(e)))
for bad in [lambda: deque().pop(), lambda: deque().popleft(), lambda: deque([1])[5],
            lambda: deque([1]).remove(2), lambda: deque([1]).index(3),
            lambda: deque([], -1)]:
    try:
        bad()
    except (IndexError, ValueError) as ex:
        print(type(ex).__name__, ex)
