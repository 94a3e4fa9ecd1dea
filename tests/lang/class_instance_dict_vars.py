class A:
    def __init__(self):
        self.a = 1
        self.b = 2
x = A()
print(x.__dict__)
x.__dict__["c"] = 3
print(x.c, vars(x))
print(sorted(dir(x))[-3:])
class B:
    pass
B.__doc__
print(B.__doc__)
class C:
    "docstring"
print(C.__doc__)
print(type(x).__name__, x.__class__ is A)
