class Countdown:
    def __init__(self, n): self.n = n
    def __iter__(self): return CountdownIter(self.n)
class CountdownIter:
    def __init__(self, n): self.n = n
    def __iter__(self): return self
    def __next__(self):
        if self.n <= 0: raise StopIteration
        self.n -= 1
        return self.n + 1
c = Countdown(3)
print(list(c), list(c))
print([x * 2 for x in c], tuple(c), set(c) == {1, 2, 3})
print(dict(zip(c, "abc")), list(map(str, c)), list(filter(lambda v: v > 1, c)))
a, *b = c
print(a, b)
print(*c)
print(sum(c), min(c), sorted(c), list(enumerate(c)))
print(" ".join(str(x) for x in c))
l = [0]
l.extend(c)
print(l)
