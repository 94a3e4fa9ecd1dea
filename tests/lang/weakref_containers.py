# weakref's containers and helpers: WeakValueDictionary, WeakKeyDictionary, WeakSet,
# finalize, WeakMethod, proxy
import gc
import weakref


class K:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "K(%s)" % self.name

    def hello(self):
        return "hello " + self.name


a, b, c = K("a"), K("b"), K("c")
wv = weakref.WeakValueDictionary()
wv[1] = a
wv[2] = b
wv["c"] = c
print(len(wv), sorted(wv.keys(), key=str), wv[1], wv.get(2), 1 in wv, 9 in wv, wv.get(9, "d"))
del b
gc.collect()
print(len(wv), sorted(wv.keys(), key=str), 2 in wv, wv.get(2))
try:
    wv[2]
except KeyError as e:
    print("KeyError", e)
print(sorted(wv.items(), key=str), len(wv.valuerefs()), wv.setdefault(5, a) is a)
del wv[1]
print(sorted(wv, key=str), wv.pop("c"), len(wv))

wk = weakref.WeakKeyDictionary()
k1, k2 = K("k1"), K("k2")
wk[k1] = 1
wk[k2] = 2
print(len(wk), wk[k1], k2 in wk, K("x") in wk, 5 in wk, wk.get(k2))
del k2
gc.collect()
print(len(wk), list(wk.items()), len(wk.keyrefs()))
wk[k1] += 10
print(dict(wk.items()))

ws = weakref.WeakSet()
s1, s2 = K("s1"), K("s2")
ws.add(s1)
ws.add(s2)
ws.add(s1)
print(len(ws), s1 in ws, K("z") in ws, 3 in ws)
del s2
gc.collect()
print(len(ws), list(ws))
ws.discard(s1)
print(len(ws), list(ws))


calls = []


def fin(*args, **kw):
    calls.append((args, kw))
    return "result"


o = K("o")
f = weakref.finalize(o, fin, 1, x=2)
print(f.alive, f.peek()[2:], f.peek()[1] is fin, f.atexit)
del o
gc.collect()
print(f.alive, calls, f.peek(), f.detach(), f())
o2 = K("o2")
f2 = weakref.finalize(o2, fin, "early")
print(f2(), f2(), f2.alive, calls[-1])
o3 = K("o3")
f3 = weakref.finalize(o3, fin)
print(f3.detach()[0] is o3, f3.alive, f3.detach())
del o3
gc.collect()
print(len(calls))

m = K("m")
wm = weakref.WeakMethod(m.hello)
print(wm()(), wm() == m.hello)
try:
    weakref.WeakMethod(len)
except TypeError as e:
    print("TypeError")
del m
gc.collect()
print(wm())

p = K("p")
px = weakref.proxy(p)
print(px.name, px.hello(), str(px) == repr(p))
px.name = "q"
print(p.name, type(px) in weakref.ProxyTypes)
cp = weakref.proxy(fin)
print(cp(7), callable(cp))
del p
gc.collect()
try:
    px.name
except ReferenceError as e:
    print("ReferenceError", e)
