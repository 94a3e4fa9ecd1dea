class A:
    def __neg__(self): return NotImplemented
    def __invert__(self): return "inv"
print(-A(), ~A())
class B: pass
for f in (lambda: -B(), lambda: +B(), lambda: ~B(), lambda: abs(B())):
    try:
        f()
    except TypeError as e:
        print(e)
