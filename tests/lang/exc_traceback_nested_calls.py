def a(x):
    return b(x) + 1
def b(x):
    return c(x)
def c(x):
    return [1][x]
print(a(0))
a(5)
