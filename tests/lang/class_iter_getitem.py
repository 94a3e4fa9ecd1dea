class Seq:
    def __getitem__(self, i):
        if i >= 4: raise IndexError
        return i * 10
print(list(Seq()))
for x in Seq(): print(x, end=" ")
print()
print(20 in Seq(), 25 in Seq())
a, b, c, d = Seq()
print(a, d)
class It:
    def __init__(self): self.n = 0
    def __iter__(self): return self
    def __next__(self):
        self.n += 1
        if self.n > 3: raise StopIteration
        return self.n
print(list(It()), sum(It()), max(It()))
print(sorted(It(), reverse=True))
class NoIter:
    pass
try:
    iter(NoIter())
except TypeError as e:
    print(e)
try:
    for x in 5: pass
except TypeError as e:
    print(e)
class BadIter:
    def __iter__(self): return 5
try:
    iter(BadIter())
except TypeError as e:
    print(e)
class Cont:
    def __contains__(self, x): return x == "k"
print("k" in Cont(), "j" in Cont(), "j" not in Cont())
class C2:
    def __iter__(self): return iter([1, 2])
print(2 in C2(), 3 in C2())
try:
    1 in NoIter()
except TypeError as e:
    print(e)
it = iter(It())
print(next(it), next(it), next(it), next(it, "end"))
