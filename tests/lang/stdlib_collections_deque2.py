from collections import deque
d = deque([1, 2, 3])
d.append(4)
d.appendleft(0)
print(d, len(d), d[0], d[-1])
print(d.pop(), d.popleft(), d)
d.extend([7, 8])
d.extendleft([-1, -2])
print(d)
d.rotate(2)
print(d)
d.rotate(-3)
print(d)
b = deque(maxlen=3)
for i in range(6):
    b.append(i)
print(b, b.maxlen)
b.appendleft(99)
print(b)
print(deque(), deque('ab'), repr(deque([1], maxlen=2)))
try:
    deque().pop()
except IndexError as e:
    print(e)
try:
    deque().popleft()
except IndexError as e:
    print(e)
d = deque([1, 2, 3, 2])
print(d.count(2), d.index(3), 2 in d, list(reversed(d)))
d.remove(2)
print(d)
d.clear()
print(d, bool(d))
d = deque(range(5))
d[1] = 'x'
del d[0]
print(d, d == deque(['x', 2, 3, 4]), d.copy())
d.reverse()
print(d)
d.insert(1, 'ins')
print(d)
