def outer():
    def inner():
        return y
    try:
        inner()
    except NameError as e:
        print(e)
    y = 1
outer()
x = 1
def f():
    global x
    del x
f()
try: x
except NameError as e: print(e)
def g():
    a = 1
    def h():
        nonlocal a
        del a
    h()
    try: a
    except NameError as e: print(e)
g()
a = 1
def p():
    print(a)
    if False:
        a = 2
try: p()
except UnboundLocalError as e: print(e)
