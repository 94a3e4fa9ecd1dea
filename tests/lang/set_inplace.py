s = {1, 2, 3}
s |= {4}
print(sorted(s))
s &= {1, 2, 4, 8}
print(sorted(s))
s -= {1}
print(sorted(s))
s ^= {2, 9}
print(sorted(s))
s.update([10, 11], (12,))
print(sorted(s))
s.intersection_update(range(11))
print(sorted(s))
s.difference_update([4])
print(sorted(s))
s.symmetric_difference_update({9, 100})
print(sorted(s))
t = s
t |= {0}
print(t is s, sorted(s))
try:
    s |= [1]
except TypeError as e:
    print(e)
c = s.copy()
c.add(-1)
print(len(s), len(c))
