from _pkg_star import *
print(one, mod.m)
try:
    two
except NameError as e:
    print(e)
