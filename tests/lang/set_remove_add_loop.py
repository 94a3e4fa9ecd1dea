s = set()
for i in range(50):
    s.add(i)
for i in range(0, 50, 2):
    s.remove(i)
print(len(s), sorted(s)[:5], 49 in s, 48 in s)
