class A: pass
class B(A): pass
class C: pass
b = B()
print(isinstance(b, A), isinstance(b, (C, A)), isinstance(b, (C,)), isinstance(b, ()))
print(isinstance(b, (C, (int, B))))
print(issubclass(B, A), issubclass(B, (C, A)), issubclass(A, B), issubclass(B, B))
print(issubclass(bool, int), issubclass(int, object), isinstance(True, int))
try:
    isinstance(b, 5)
except TypeError as e:
    print(e)
try:
    issubclass(b, A)
except TypeError as e:
    print(e)
try:
    issubclass(B, 5)
except TypeError as e:
    print(e)
print(isinstance(A, type), isinstance(type, type), isinstance(type, object))
print(type(b) is B, type(B) is type, B.__name__, B.__qualname__, B.__module__)
