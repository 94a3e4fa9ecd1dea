class Meta(type):
    def __new__(mcls, name, bases, ns, **kw):
        print("Meta.__new__", name, bases, sorted(k for k in ns if not k.startswith("__")), kw)
        cls = super().__new__(mcls, name, bases, ns)
        cls.registry = []
        return cls
    def __init__(cls, name, bases, ns, **kw):
        print("Meta.__init__", name)
        super().__init__(name, bases, ns)
    def __iter__(cls):
        return iter(cls.registry)
    def __len__(cls):
        return len(cls.registry)
    def __getitem__(cls, k):
        return "item-" + str(k)
    def __call__(cls, *a, **k):
        print("Meta.__call__", a)
        inst = super().__call__(*a, **k)
        cls.registry.append(inst)
        return inst
    def __repr__(cls):
        return "<Meta " + cls.__name__ + ">"
    def __contains__(cls, x):
        return x in cls.registry
    @property
    def count(cls):
        return len(cls.registry)
    def helper(cls):
        return "helper of " + cls.__name__

class A(metaclass=Meta, flag=1):
    x = 1
    def __init__(self, v): self.v = v
    def __repr__(self): return "A(%r)" % self.v

class B(A):
    pass

print(type(A), type(B), A, B)
a = A(1); b = A(2); c = B(3)
print(list(A), len(A), A["k"], a in A, c in A, c in B)
print(A.count, B.count, A.helper(), isinstance(A, Meta), isinstance(a, A), issubclass(B, A))
print(type(A).__mro__)
print(isinstance(A, type), issubclass(Meta, type))

class Checker(type):
    def __instancecheck__(cls, obj):
        return hasattr(obj, "quack")
    def __subclasscheck__(cls, sub):
        return hasattr(sub, "quack")
class Duck(metaclass=Checker): pass
class Q:
    quack = 1
print(isinstance(Q(), Duck), isinstance(1, Duck), issubclass(Q, Duck), issubclass(int, Duck))

class M1(type): pass
class M2(type): pass
class X(metaclass=M1): pass
try:
    class Y(X, metaclass=M2): pass
except TypeError as e:
    print("TypeError:", e)
Z = M1("Z", (), {"a": 5})
print(type(Z), Z.a, Z.__name__)
W = type("W", (X,), {})
print(type(W))
class Reg(type):
    classes = []
    def __init__(cls, name, bases, ns):
        super().__init__(name, bases, ns)
        Reg.classes.append(name)
class Base(metaclass=Reg): pass
class S1(Base): pass
class S2(S1): pass
print(Reg.classes)
class E(Exception, metaclass=M1): pass
try:
    raise E("boom")
except E as e:
    print("caught", type(e).__name__, e)
class WithSuper(metaclass=M1):
    def m(self): return __class__
print(WithSuper().m() is WithSuper)
