d = {1: 1, 2: 2}
for k in list(d):
    d[k * 10] = k
print(d)
for k in d:
    d[k] = 0
print(d)
