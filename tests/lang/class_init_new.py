class A:
    def __new__(cls, *args):
        print("new", cls.__name__, args)
        return super().__new__(cls)
    def __init__(self, x):
        print("init", x)
        self.x = x
a = A(5)
print(a.x)
class B:
    def __new__(cls):
        return 42
    def __init__(self):
        print("never")
print(B())
class C:
    def __init__(self):
        return 5
try:
    C()
except TypeError as e:
    print(e)
class D:
    pass
try:
    D(1)
except TypeError as e:
    print(e)
class E:
    def __init__(self, a, b=2): pass
try:
    E()
except TypeError as e:
    print(e)
try:
    E(1, 2, 3)
except TypeError as e:
    print(e)
class Single:
    _inst = None
    def __new__(cls):
        if cls._inst is None:
            cls._inst = object.__new__(cls)
        return cls._inst
print(Single() is Single())
