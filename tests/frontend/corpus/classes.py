class A: pass
class B(A): x = 1
class C(A, B, metaclass=M, **kw):
    """Doc."""
    attr: int
    attr2: str = 'x'
    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        self.x: int = 1
        self.y = self.z = 2
    @property
    def p(self): return self._p
    @p.setter
    def p(self, v): self._p = v
    @staticmethod
    def s(): pass
    @classmethod
    def c(cls): pass
    class Inner:
        pass
class D(): pass
class E(object,): pass
@dataclass
class F: a: int = 0
