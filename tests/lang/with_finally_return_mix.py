class CM:
    def __enter__(self): return 1
    def __exit__(self, *a): print("exit", a); return False
def f():
    with CM() as x:
        try:
            return x
        finally:
            print("inner fin")
print(f())
class CM2:
    def __init__(self, n): self.n = n
    def __enter__(self): print("enter", self.n); return self
    def __exit__(self, t, v, tb):
        print("exit", self.n, t and t.__name__)
        return self.n == 2
with CM2(1), CM2(2):
    raise ValueError
print("suppressed by inner")
