from collections import deque
d = deque('abcd')
print(list(d), ''.join(reversed(d)), d[1], d[-2], 'c' in d)
d.rotate()
print(d)
d2 = deque(d)
print(d == d2, d is d2, d + deque('x'), d * 2 if hasattr(d, '__mul__') else None)
