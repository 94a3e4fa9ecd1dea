g = 0
def f():
    global g
    g += 1
f(); f()
print(g)
def outer():
    x = 1
    def inc():
        nonlocal x
        x += 1
        return x
    inc(); inc()
    return x
print(outer())
def shadow():
    g = "local"
    return g
print(shadow(), g)
def unbound():
    print(g)
    g = 1
try:
    unbound()
except UnboundLocalError as e:
    print(e)
def nested():
    a = 1
    def m():
        def n():
            nonlocal a
            a = 3
        n()
    m()
    return a
print(nested())
def glob_new():
    global newglobal
    newglobal = "created"
glob_new()
print(newglobal)
