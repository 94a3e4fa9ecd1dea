s = slice(1, 10, 2)
print(s, s.start, s.stop, s.step)
print(slice(5), slice(None), slice(1, None, None))
print(s.indices(5), slice(None, None, -1).indices(10), slice(-3, None).indices(10), slice(100).indices(7))
print(slice(1, 2) == slice(1, 2), slice(1, 2) == slice(1, 3))
try:
    slice(None, None, 0).indices(5)
except ValueError as e:
    print(e)
try:
    slice()
except TypeError as e:
    print(e)
try:
    slice(1, 2, 3, 4)
except TypeError as e:
    print(e)
l = list(range(10))
print(l[s], 'abcdefghij'[s], tuple(l)[s], range(10)[s])
class C:
    def __getitem__(self, k):
        return k
c = C()
print(c[1:2], c[::3], c[1:2, 3], c[...], c[:])
print(type(s).__name__)
