from collections import deque
d = deque(range(10), maxlen=3)
print(d)
d.extend([10, 11])
print(d)
d.extendleft([-1])
print(d)
d = deque(maxlen=0)
d.append(1)
print(d, len(d))
try:
    deque(maxlen=-1)
except ValueError as e:
    print(e)
