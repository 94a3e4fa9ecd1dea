def f(a, b, /, c, *, d): pass
for call in (lambda: f(1, 2, 3, 4), lambda: f(1, 2, 3), lambda: f(a=1, b=2, c=3, d=4)):
    try: call()
    except TypeError as e: print(e)
def g(a, b=1, *args): pass
for call in (lambda: g(), lambda: g(1, 2, b=3)):
    try: call()
    except TypeError as e: print(e)
def h(*, a, b, c): pass
for call in (lambda: h(), lambda: h(a=1)):
    try: call()
    except TypeError as e: print(e)
def k(a, b, c, d): pass
try: k(1)
except TypeError as e: print(e)
def kw(**kw): pass
try: kw(1)
except TypeError as e: print(e)
def z(): pass
try: z(a=1)
except TypeError as e: print(e)
