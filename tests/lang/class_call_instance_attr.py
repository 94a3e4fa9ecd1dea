class A:
    def __call__(self): return "called"
class B(A): pass
print(B()(), callable(B()))
b = B()
b.__call__ = lambda: "instance"
print(b())
class P:
    def __init__(self):
        self.items = []
    def __len__(self): return len(self.items)
    def __getitem__(self, i): return self.items[i]
p = P()
p.items = [1, 2, 3]
print(len(p), p[-1], p[0:2], list(p), bool(p))
