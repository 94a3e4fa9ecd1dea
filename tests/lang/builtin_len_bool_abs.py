print(len('abc'), len([1]), len(()), len({1: 2}), len(set()), len(range(3)), len(b'xy'))
try:
    len(5)
except TypeError as e:
    print(e)
class L:
    def __len__(self):
        return 4
print(len(L()), bool(L()))
class N:
    def __len__(self):
        return -1
try:
    len(N())
except ValueError as e:
    print(e)
print(abs(-5), abs(5.5), abs(-0.0), abs(True), abs(-10 ** 30))
try:
    abs('a')
except TypeError as e:
    print(e)
print(bool(), bool(0), bool(0.0), bool(''), bool('a'), bool([]), bool({}), bool(None))
