fs = [lambda x, i=i: x + i for i in range(3)]
print([f(10) for f in fs])
def outer():
    return [lambda: j for j in "ab"]
print([f() for f in outer()])
y = 1
f = lambda: y
y = 2
print(f())
