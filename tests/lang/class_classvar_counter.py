class Counter:
    instances = 0
    def __init__(self):
        Counter.instances += 1
        self.id = Counter.instances
    def __del_not_used(self): pass
for _ in range(3): c = Counter()
print(Counter.instances, c.id)
print(c._Counter__del_not_used is not None)
class Priv:
    def __init__(self): self.__x = 1
    def get(self): return self.__x
p = Priv()
print(p.get(), p._Priv__x, hasattr(p, "__x"))
