class A:
    def who(self): return "A"
class B:
    def who(self): return "B"
a = A()
a.__class__ = B
print(a.who(), type(a).__name__, isinstance(a, B))
try:
    a.__class__ = 5
except TypeError as e:
    print(e)
try:
    a.__class__ = int
except TypeError as e:
    print(e)
try:
    (1).__class__ = bool
except TypeError as e:
    print(e)
