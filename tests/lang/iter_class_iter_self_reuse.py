class Once:
    def __init__(self): self.i = 0
    def __iter__(self): return self
    def __next__(self):
        if self.i >= 2: raise StopIteration
        self.i += 1
        return self.i
o = Once()
print(list(o), list(o))
print(list(zip([1, 2, 3], Once())))
o2 = Once()
for a in o2:
    for b in o2:
        print(a, b)
