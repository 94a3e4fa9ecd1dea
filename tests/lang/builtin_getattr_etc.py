class A:
    x = 1
a = A()
print(getattr(a, 'x'), getattr(a, 'y', 'dflt'), hasattr(a, 'x'), hasattr(a, 'y'))
setattr(a, 'y', 5)
print(a.y)
delattr(a, 'y')
print(hasattr(a, 'y'))
try:
    getattr(a, 'y')
except AttributeError as e:
    print(e)
try:
    getattr(a, 1)
except TypeError as e:
    print(e)
print(sorted(k for k in vars(A) if not k.startswith('__')))
print(getattr([], 'append').__name__)
