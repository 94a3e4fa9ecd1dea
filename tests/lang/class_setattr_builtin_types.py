try:
    int.x = 1
except TypeError as e:
    print(e)
try:
    (1).real = 3
except AttributeError as e:
    print(e)
try:
    setattr(list, "foo", 1)
except TypeError as e:
    print(e)
class A: pass
A.x = 1
print(A.x)
