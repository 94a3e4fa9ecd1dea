d = {"a": 1}
try:
    for k in d:
        d["b"] = 2
except RuntimeError as e: print(e)
s = {1}
try:
    for k in s:
        s.add(2)
except RuntimeError as e: print(e)
l = [1, 2, 3]
for x in l:
    if x == 1: l.remove(x)
    print(x)
it = iter([1, 2, 3])
for x in it:
    if x == 1:
        print(next(it))
    print(x)
def g():
    yield 1
    yield 2
it = g()
for x in it:
    print(x)
    break
for x in it:
    print("rest", x)
