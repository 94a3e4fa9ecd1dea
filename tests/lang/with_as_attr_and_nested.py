class CM:
    def __init__(self, v): self.v = v
    def __enter__(self): return self.v
    def __exit__(self, *a): print("exit", self.v)
class Obj: pass
o = Obj()
with CM(1) as o.attr:
    print(o.attr)
with CM(2):
    with CM(3) as x:
        print(x)
l = [0, 0]
with CM(4) as l[1]:
    pass
print(l)
