d = {}
for i in range(-5, 5):
    d[i ** 3] = i
print(d)
print(d[-64], d.get(10 ** 20))
