# krait-test: no-gc-stress
# Insertion order survives deletion, reinsertion and many resizes.
d = {}
for i in range(20):
    d[i * 7 % 20] = i
print(list(d))
for k in [0, 7, 14, 1]:
    del d[k]
print(list(d))
d[0] = 1000; d[7] = 2000
print(list(d.items())[-3:])
for i in range(1000):
    d["k%d" % i] = i
for i in range(0, 1000, 2):
    del d["k%d" % i]
print(len(d), list(d)[:20], list(d)[-3:])
for i in range(0, 1000, 2):
    d["k%d" % i] = -i
print(len(d), list(d.values())[-5:], sum(d.values()))
e = dict.fromkeys(range(50))
for i in range(50):
    if i % 3:
        del e[i]
e[1] = 1
print(list(e))
try:
    del e[1000]
except KeyError as ex:
    print("KeyError:", ex)
while e:
    e.popitem()
print(e)
big = {i: str(i) for i in range(100000)}
for i in range(0, 100000, 3):
    del big[i]
print(len(big), big[99998], list(big)[:5], sum(big))
