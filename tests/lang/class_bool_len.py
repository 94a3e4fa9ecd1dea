class A:
    def __bool__(self): return False
class B:
    def __len__(self): return 0
class C:
    def __len__(self): return 3
class D:
    def __bool__(self): return True
    def __len__(self): return 0
class E:
    pass
for x in (A(), B(), C(), D(), E()):
    print(type(x).__name__, bool(x), not x, "yes" if x else "no")
class Bad:
    def __bool__(self): return 1
try:
    bool(Bad())
except TypeError as e:
    print(e)
class BadLen:
    def __len__(self): return -1
try:
    len(BadLen())
except ValueError as e:
    print(e)
class StrLen:
    def __len__(self): return "x"
try:
    len(StrLen())
except TypeError as e:
    print(e)
try:
    len(E())
except TypeError as e:
    print(e)
print(len(C()))
while B():
    break
else:
    print("while-else")
