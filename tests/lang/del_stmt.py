# del of names, subscripts, slices, attributes, and multiple targets.
a = 1
b = [1, 2, 3, 4, 5]
c = {"x": 1, "y": 2}
class O:
    pass
o = O()
o.attr = "v"
del a
try:
    a
except NameError as e:
    print("NameError:", e)
del b[0], b[-1]
print(b)
del b[:]
print(b)
del c["x"]
print(c)
del o.attr
print(hasattr(o, "attr"))
x, y = 1, 2
del x, y
try:
    print(x)
except NameError as e:
    print("NameError:", e)
l = [[1, 2], [3, 4]]
del l[0][1]
print(l)
try:
    del c["missing"]
except KeyError as e:
    print("KeyError:", e)
try:
    del undefined_thing
except NameError as e:
    print("NameError:", e)
def f():
    v = 1
    del v
    v = 2
    return v
print(f())
(p, q) = 5, 6
del (p, q)
[r, s] = 7, 8
del [r, s]
print("ok")
