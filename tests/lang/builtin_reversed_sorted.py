print(list(reversed([1, 2, 3])), list(reversed((1, 2))), list(reversed('abc')), list(reversed(range(4))))
class Seq:
    def __len__(self):
        return 3
    def __getitem__(self, i):
        return i * 10
print(list(reversed(Seq())))
class R:
    def __reversed__(self):
        return iter('zyx')
print(list(reversed(R())))
try:
    reversed(5)
except TypeError as e:
    print(e)
try:
    reversed({1, 2})
except TypeError as e:
    print(e)
print(sorted([3, 1, 2]), sorted((3, 1, 2), reverse=True), sorted('cba'), sorted({2: 1, 1: 2}.items()))
print(sorted([-3, 1, -2], key=abs), sorted(['b', 'A', 'c'], key=str.upper))
try:
    sorted()
except TypeError as e:
    print(e)
try:
    sorted([1, 2], cmp=None)
except TypeError as e:
    print(e)
