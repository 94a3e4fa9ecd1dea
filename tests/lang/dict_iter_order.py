d = {}
for i in [5, 3, 9, 1, 7]:
    d[i] = str(i)
print(list(d), [k for k in d])
del d[3]
d[3] = 'again'
print(d)
d[5] = 'changed'
print(d)
big = {i: i * i for i in range(100)}
for i in range(0, 100, 2):
    del big[i]
print(len(big), list(big)[:5], sum(big.values()))
for i in range(100, 110):
    big[i] = 0
print(list(big)[-12:])
d = dict.fromkeys(range(1000))
print(len(d), list(d)[-1])
for i in range(999):
    del d[i]
print(d)
