import types, sys
ns = types.SimpleNamespace(a=1, b="x")
print(ns, ns.a, ns.b)
ns.c = [1]; del ns.a
print(ns, ns == types.SimpleNamespace(b="x", c=[1]), ns != types.SimpleNamespace())
print(types.SimpleNamespace(z=3), types.SimpleNamespace())
try:
    types.SimpleNamespace({"k": 2})
except TypeError as e:
    print("TypeError:", e)
def f(): pass
class C:
    def m(self): pass
def g(): yield 1
print(isinstance(f, types.FunctionType), isinstance(lambda: 0, types.LambdaType), isinstance(len, types.BuiltinFunctionType))
print(isinstance(C().m, types.MethodType), isinstance(sys, types.ModuleType), isinstance(g(), types.GeneratorType))
print(types.NoneType, types.FunctionType, types.ModuleType, types.GeneratorType, types.MethodType)
m = types.ModuleType("mymod", "the doc")
m.value = 5
print(m.__name__, m.__doc__, m.value)
mp = types.MappingProxyType({"a": 1})
print(mp["a"], len(mp), "a" in mp, list(mp), mp.get("z", 0), repr(mp), dict(mp.items()))
try:
    mp["b"] = 2
except TypeError as e:
    print("TypeError:", e)
def body(ns):
    ns["x"] = 10
    ns["hello"] = lambda self: "hi"
K = types.new_class("K", (C,), {}, body)
print(K.x, K().hello(), K.__bases__, K.__name__)
meta, ns2, kw = types.prepare_class("Z", (), {"metaclass": type, "flag": 1})
print(meta, ns2, kw)
print(types.resolve_bases((int, str)))
bm = types.MethodType(lambda self, y: (self, y), 42)
print(bm(1))
