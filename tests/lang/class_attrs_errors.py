# Attribute errors on instances, classes, and builtin values; getattr/setattr/delattr edge cases.
class C:
    cls_attr = 1
    def m(self):
        return "m"
c = C()
for target, name in [(c, "missing"), (C, "missing"), (5, "foo"), ("s", "bar"), ([], "push"), (None, "x"), ({}, "has_key")]:
    try:
        getattr(target, name)
    except AttributeError as e:
        print("AttributeError:", e)
try:
    (5).real = 3
except AttributeError as e:
    print("AttributeError:", e)
try:
    [].append = None
except AttributeError as e:
    print("AttributeError:", e)
try:
    del c.nothing
except AttributeError as e:
    print("AttributeError:", e)
try:
    getattr(c, 5)
except TypeError as e:
    print("TypeError:", e)
print(getattr(c, "m")(), getattr(C, "cls_attr"), getattr(c, "zz", None), hasattr(c, "m"), hasattr(5, "real"))
setattr(C, "added", "on class")
print(c.added, C.added)
delattr(C, "added") if False else None
nothing = None
five = 5
try:
    nothing()
except TypeError as e:
    print("TypeError:", e)
try:
    c()
except TypeError as e:
    print("TypeError:", e)
try:
    c.m(1)
except TypeError as e:
    print("TypeError:", e)
try:
    c[0]
except TypeError as e:
    print("TypeError:", e)
try:
    len(c)
except TypeError as e:
    print("TypeError:", e)
try:
    for _ in c:
        pass
except TypeError as e:
    print("TypeError:", e)
try:
    c + c
except TypeError as e:
    print("TypeError:", e)
try:
    -c
except TypeError as e:
    print("TypeError:", e)
try:
    c < c
except TypeError as e:
    print("TypeError:", e)
try:
    five[0]
except TypeError as e:
    print("TypeError:", e)
try:
    del c[0]
except TypeError as e:
    print("TypeError:", e)
try:
    c[1] = 2
except TypeError as e:
    print("TypeError:", e)
