import copy
a = [1, [2, 3], {"k": [4]}]
b = copy.copy(a); c = copy.deepcopy(a)
print(b, c, b[1] is a[1], c[1] is a[1], c[2]["k"] is a[2]["k"])
class P:
    def __init__(self, x, y): self.x, self.y = x, y
    def __repr__(self): return "P(%r, %r)" % (self.x, self.y)
p = P([1], {"a": 2})
q = copy.copy(p); r = copy.deepcopy(p)
print(q, r, q.x is p.x, r.x is p.x, type(r) is P)
class C:
    def __init__(self): self.log = []
    def __copy__(self):
        print("copy called"); n = C(); n.log = self.log; return n
    def __deepcopy__(self, memo):
        print("deepcopy called", type(memo)); n = C(); n.log = copy.deepcopy(self.log, memo); return n
c1 = C(); c1.log.append(1)
print(copy.copy(c1).log is c1.log, copy.deepcopy(c1).log is c1.log)
shared = [1, 2]
x = [shared, shared]
y = copy.deepcopy(x)
print(y, y[0] is y[1], y[0] is shared)
cyc = [1]; cyc.append(cyc)
d = copy.deepcopy(cyc)
print(d[1] is d, d is not cyc)
t = (1, 2, (3, 4)); print(copy.deepcopy(t) is t, copy.copy(t) is t)
t2 = (1, [2]); t3 = copy.deepcopy(t2); print(t3, t3 is t2, t3[1] is t2[1])
memo = {}
z = copy.deepcopy([shared], memo)
print(id(shared) in memo, memo[id(shared)] == shared)
s = {1, 2}; print(copy.copy(s), copy.deepcopy(frozenset([1])))
class St:
    def __init__(self): self.a = 1; self.b = 2
    def __getstate__(self): return {"a": self.a}
    def __setstate__(self, st): self.__dict__.update(st); self.restored = True
o = copy.deepcopy(St()); print(o.a, hasattr(o, "b"), o.restored)
class L(list): pass
l = L([1, [2]]); l.tag = "t"; l2 = copy.deepcopy(l)
print(type(l2).__name__, l2, l2.tag, l2[1] is l[1])
print(copy.copy(len) is len, copy.deepcopy(P) is P, copy.copy(3.5))
class Dd(dict): pass
dd = Dd(a=[1]); dd2 = copy.copy(dd); print(type(dd2).__name__, dd2, dd2["a"] is dd["a"])
print(copy.Error.__mro__[1])
