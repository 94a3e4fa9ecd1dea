x = 1
del x
try:
    x
except NameError as e:
    print(e)
def f():
    y = 1
    del y
    try:
        return y
    except UnboundLocalError as e:
        return str(e)
print(f())
def g():
    z = 1
    def inner():
        return z
    del z
    try:
        inner()
    except NameError as e:
        print(e)
g()
try:
    del undefined_thing
except NameError as e:
    print(e)
