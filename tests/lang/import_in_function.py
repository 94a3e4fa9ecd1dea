def f():
    import math
    from math import sqrt as s
    return math.floor(2.5), s(16)
print(f())
try:
    math
except NameError as e:
    print(e)
def g():
    from _imp_mod_all import *
