class G:
    def __getitem__(self, i):
        if i < 3: return i
        raise IndexError(i)
print(1 in G(), 5 in G())
class Lenny:
    def __len__(self): return 2
try:
    1 in Lenny()
except TypeError as e:
    print(e)
class C:
    def __contains__(self, x): return 1
print(3 in C())
class D:
    def __contains__(self, x): return []
print(3 in D(), 3 not in D())
