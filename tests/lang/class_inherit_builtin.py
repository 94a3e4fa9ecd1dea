class MyList(list):
    def total(self): return sum(self)
l = MyList([1, 2, 3])
l.append(4)
print(l, l.total(), len(l), type(l).__name__, isinstance(l, list))
class MyDict(dict):
    def __missing__(self, k): return k * 2
d = MyDict(a=1)
print(d["a"], d[5], d)
class MyInt(int):
    def double(self): return self * 2
i = MyInt(5)
print(i, i + 1, i.double(), type(i + 1).__name__)
class MyStr(str):
    def shout(self): return self.upper() + "!"
s = MyStr("hi")
print(s, s.shout(), len(s), s == "hi")
class MyExc(ValueError): pass
try:
    raise MyExc("bad")
except ValueError as e:
    print(type(e).__name__, e)
class E2(Exception):
    def __init__(self, a, b):
        super().__init__(a, b)
        self.a = a
print(E2(1, 2).args, E2(1, 2).a, str(E2(1, 2)))
