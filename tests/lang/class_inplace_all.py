class A:
    def __imatmul__(self, o): return "imatmul"
    def __ipow__(self, o): return "ipow"
    def __ilshift__(self, o): return "ilshift"
    def __irshift__(self, o): return "irshift"
    def __ior__(self, o): return "ior"
    def __iand__(self, o): return "iand"
    def __ixor__(self, o): return "ixor"
    def __ifloordiv__(self, o): return "ifloordiv"
    def __itruediv__(self, o): return "itruediv"
    def __imod__(self, o): return "imod"
a = A(); a @= 1; print(a)
a = A(); a **= 1; print(a)
a = A(); a <<= 1; print(a)
a = A(); a >>= 1; print(a)
a = A(); a |= 1; print(a)
a = A(); a &= 1; print(a)
a = A(); a ^= 1; print(a)
a = A(); a //= 1; print(a)
a = A(); a /= 1; print(a)
a = A(); a %= 1; print(a)
class Acc:
    def __init__(self): self.l = []
    def __iadd__(self, x):
        self.l.append(x); return self
a = Acc()
a += 1; a += 2
print(a.l)
