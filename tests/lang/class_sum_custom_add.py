class Num:
    def __init__(self, v): self.v = v
    def __add__(self, o): return Num(self.v + (o.v if isinstance(o, Num) else o))
    __radd__ = __add__
    def __repr__(self): return "Num(%d)" % self.v
print(sum([Num(1), Num(2)]), sum([Num(1)], Num(5)))
class A:
    def __divmod__(self, o): return ("dm", o)
    def __rdivmod__(self, o): return ("rdm", o)
print(divmod(A(), 1), divmod(1, A()))
