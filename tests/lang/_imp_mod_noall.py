import sys as _sys
x = 1
y = 2
_z = 3
def fn(): return "fn"
