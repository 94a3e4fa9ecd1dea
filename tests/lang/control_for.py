# for loops over every iterable, with else, break, continue and nested loops.
for x in [1, 2, 3]:
    print(x, end=" ")
print()
for c in "héllo":
    print(c, end="|")
print()
for k in {"b": 1, "a": 2}:
    print(k, end=" ")
for k, v in {"b": 1, "a": 2}.items():
    print(k, v, end="; ")
print()
for t in (1, "a", None):
    print(repr(t), end=" ")
for i in range(3):
    pass
print(i)
for i in range(10):
    if i % 2:
        continue
    if i > 6:
        break
    print(i, end=" ")
else:
    print("no else after break")
print()
for i in []:
    print("never")
else:
    print("else on empty")
for i in range(3):
    for j in range(3):
        if j == i:
            break
        print((i, j), end=" ")
    else:
        print("inner else", i)
print()
found = None
for x in range(2, 50):
    for y in range(2, x):
        if x % y == 0:
            break
    else:
        found = x
print("last prime below 50:", found)
for i, (a, b) in enumerate(zip("xyz", [10, 20, 30]), start=1):
    print(i, a, b)
for x in range(5, -6, -3):
    print(x, end=",")
print()
data = [[1, 2], [3, 4], [5, 6]]
total = 0
for row in data:
    for v in row:
        total += v
print(total)
lst = [1, 2, 3]
for x in lst:
    x *= 10
print(lst)
for lst[0] in range(3):
    pass
print(lst)
