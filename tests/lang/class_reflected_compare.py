class V:
    def __init__(self, v): self.v = v
    def __lt__(self, o):
        print("lt", self.v, getattr(o, "v", o))
        return self.v < (o.v if isinstance(o, V) else o)
    def __ge__(self, o): return not self.__lt__(o)
print(V(1) < V(2))
print(V(1) > V(2))
print(3 > V(2))
print(V(5) >= 3)
print(sorted([V(3), V(1)], key=lambda x: x.v)[0].v)
print(1 < V(2) < 3)
