class M:
    def __init__(self): self.d = {}
    def __getitem__(self, k):
        print("get", k)
        return self.d[k]
    def __setitem__(self, k, v):
        print("set", k, v)
        self.d[k] = v
    def __delitem__(self, k):
        print("del", k)
        del self.d[k]
m = M()
m[1] = "a"
m[1:2] = "s"
print(m[1], m[1:2])
m[1, 2] = 3
print(m[1, 2])
del m[1]
try:
    m[5]
except KeyError as e:
    print("KeyError", e)
m["k"] = [0]
m["k"][0] += 1
print(m.d["k"])
class N: pass
try:
    N()[0]
except TypeError as e:
    print(e)
try:
    N()[0] = 1
except TypeError as e:
    print(e)
try:
    del N()[0]
except TypeError as e:
    print(e)
class Sl:
    def __getitem__(self, s): return s
print(Sl()[1:2], Sl()[::2], Sl()[1:2, 3], Sl()[...])
