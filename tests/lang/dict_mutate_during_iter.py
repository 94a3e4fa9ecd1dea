# Changing a dict or set while iterating raises RuntimeError instead of crashing.
d = {1: "a", 2: "b", 3: "c"}
try:
    for k in d:
        d[k + 10] = "new"
except RuntimeError as e:
    print("RuntimeError:", e)
print(len(d) in (4,), sorted(d))
d = {1: "a", 2: "b", 3: "c"}
try:
    for k in d:
        del d[k]
except RuntimeError as e:
    print("RuntimeError:", e)
print(d)
d = {1: "a", 2: "b", 3: "c"}
try:
    for k in d:
        del d[k]
        d[k + 100] = "x"
except RuntimeError as e:
    print("RuntimeError:", e)
d = {1: "a", 2: "b"}
try:
    for k, v in d.items():
        d.pop(k)
except RuntimeError as e:
    print("RuntimeError:", e)
d = {1: "a", 2: "b"}
try:
    for v in d.values():
        d.clear()
except RuntimeError as e:
    print("RuntimeError:", e)
d = {1: 1, 2: 2}
for k in d:
    d[k] = d[k] * 10
print(d)
for k in list(d):
    del d[k]
print(d)
s = {1, 2, 3}
try:
    for x in s:
        s.add(x + 10)
except RuntimeError as e:
    print("RuntimeError:", e)
s = {1, 2, 3}
try:
    for x in s:
        s.discard(x)
except RuntimeError as e:
    print("RuntimeError:", e)
l = [1, 2, 3, 4]
for x in l:
    if x % 2 == 0:
        l.remove(x)
print(l)
l = [1, 2]
n = 0
for x in l:
    if n < 5:
        l.append(x)
    n += 1
print(l, n)
