class A:
    y = 1
a = A()
try:
    a.x
except AttributeError as e:
    print(e)
try:
    A.x
except AttributeError as e:
    print(e)
try:
    (1).x
except AttributeError as e:
    print(e)
try:
    "s".nope
except AttributeError as e:
    print(e)
try:
    None.foo
except AttributeError as e:
    print(e)
try:
    [].x = 1
except AttributeError as e:
    print(e)
try:
    getattr(a, 5)
except TypeError as e:
    print(e)
class P:
    @property
    def bad(self):
        raise AttributeError("inner problem")
    def __getattr__(self, n):
        return "getattr:" + n
print(P().bad)
