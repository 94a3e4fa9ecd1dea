s = {1, 2}
c = s.copy()
s.clear()
print(s, sorted(c), c is s)
