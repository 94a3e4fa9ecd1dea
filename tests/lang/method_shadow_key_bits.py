# An instance attribute shadows a method of its class however it got into the instance dict
# (LOAD_METHOD rules shadowing out from the dict's key bits before probing).
class C:
    def m(self):
        return "method"
    def n(self):
        return "n"

def calls(o):
    return [o.m() if callable(o.m) else o.m, o.n()]

o = C()
print(calls(o))
o.m = lambda: "attr"
print(calls(o))
del o.m
print(calls(o))
o.__dict__["m"] = lambda: "via __dict__"
print(calls(o))
o.__dict__.clear()
print(calls(o))
o.__dict__.update({"m": lambda: "via update"})
print(calls(o))
o.__dict__.pop("m")
print(calls(o))
setattr(o, "m", lambda: "via setattr")
print(calls(o))
o.__dict__ = {"m": lambda: "new __dict__"}
print(calls(o))
vars(o)["n"] = lambda: "n shadowed"
print(calls(o))
o.__dict__.popitem()
print(calls(o))
# many keys: every bit set
p = C()
for i in range(200):
    setattr(p, "a%d" % i, i)
print(calls(p))
p.m = lambda: "after 200"
print(calls(p), p.a199)
# a name built at run time, not interned with the method's
q = C()
q.__dict__["".join(["m"])] = lambda: "joined"
print(calls(q))
# in a loop, the cache warm first
r = C()
out = []
for i in range(5):
    if i == 3:
        r.m = lambda: "late"
    out.append(r.m())
print(out)
