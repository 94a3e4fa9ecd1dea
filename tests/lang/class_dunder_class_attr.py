class A: pass
print(A.__class__, A().__class__.__class__, type(A()).__mro__)
print(int.__class__, type.__class__)
class B(A): pass
print(B().__class__.__name__, B.__class__.__name__)
