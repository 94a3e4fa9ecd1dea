class A: pass
a = A()
print(a.__eq__(a), a.__ne__(a), a.__eq__(1))
print(a.__hash__() == hash(a))
print(A.__init__ is object.__init__)
print(object.__name__, a.__class__, A.__bases__, object.__bases__)
print(a.__str__() == a.__repr__())
print(issubclass(A, object), isinstance(a, object))
print(type(object.__new__(A)).__name__)
print(a.__dir__ is not None)
o = object()
try:
    o.x = 1
except AttributeError as e:
    print(e)
