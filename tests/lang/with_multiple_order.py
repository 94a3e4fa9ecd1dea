class CM:
    def __init__(self, n, fail_enter=False): self.n = n; self.fe = fail_enter
    def __enter__(self):
        print("enter", self.n)
        if self.fe: raise RuntimeError("enter failed %d" % self.n)
        return self.n
    def __exit__(self, *a):
        print("exit", self.n, a[0].__name__ if a[0] else None)
with CM(1) as a, CM(2) as b, CM(3) as c:
    print(a, b, c)
try:
    with CM(1), CM(2, True), CM(3):
        print("no body")
except RuntimeError as e:
    print(e)
with CM(1) as (x):
    pass
class Pair:
    def __enter__(self): return (1, 2)
    def __exit__(self, *a): pass
with Pair() as (p, q):
    print(p, q)
d = {}
with Pair() as d["k"]:
    pass
print(d)
