def f():
    total = 0
    def add(n):
        nonlocal total
        total += n
    for i in range(5):
        add(i)
    return total
print(f())
def g():
    x = 0
    def a():
        nonlocal x
        x = "a"
    def b():
        return x
    a()
    return b()
print(g())
