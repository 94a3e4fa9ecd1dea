it = iter([1, 2])
print(next(it), next(it), next(it, None))
class C:
    def __init__(self):
        self.n = 0
    def __call__(self):
        self.n += 1
        return self.n
print(list(iter(C(), 4)))
class G:
    def __getitem__(self, i):
        if i > 3:
            raise IndexError
        return i * i
print(list(iter(G())), list(G()))
try:
    iter(5)
except TypeError as e:
    print(e)
try:
    next([1])
except TypeError as e:
    print(e)
try:
    iter(5, 1)
except TypeError as e:
    print(e)
it = iter('ab')
print(iter(it) is it)
class Bad:
    def __iter__(self):
        return 5
try:
    iter(Bad())
except TypeError as e:
    print(e)
