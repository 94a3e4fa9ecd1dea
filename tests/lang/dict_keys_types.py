# Key equality across numeric types, tuple keys, user-defined __hash__/__eq__ keys.
d = {}
d[1] = "int"; d[1.0] = "float"; d[True] = "bool"
print(d, len(d))
d[(1, 2)] = "t"; d[(1.0, 2.0)] = "t2"
print(d)
class Key:
    def __init__(self, v):
        self.v = v
    def __hash__(self):
        return self.v % 3
    def __eq__(self, other):
        return isinstance(other, Key) and self.v == other.v
    def __repr__(self):
        return "Key(%d)" % self.v
kd = {Key(i): i for i in range(10)}
print(kd[Key(7)], Key(7) in kd, Key(11) in kd, len(kd), list(kd)[:4])
del kd[Key(3)]
print(len(kd), Key(3) in kd)
class NoHash:
    __hash__ = None
try:
    {NoHash(): 1}
except TypeError as e:
    print("TypeError:", e)
class Plain:
    pass
p = Plain()
pd = {p: "obj"}
print(pd[p], Plain() in pd)
print({-1: "a", -2: "b"}[-1], {2 ** 64: 1}[2 ** 64], {0.5: "h"}[0.5], {"": 0}[""], {(): "e"}[()])
