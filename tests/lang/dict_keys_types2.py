d = {}
d[1] = 'int'
d[2.5] = 'float'
d['s'] = 'str'
d[(1, 2)] = 'tuple'
d[None] = 'none'
d[b'b'] = 'bytes'
d[frozenset([1])] = 'fs'
d[-1] = 'neg'
d[2 ** 100] = 'big'
print(d)
print(d[1.0], d[(1, 2)], d[None], d[b'b'], d[frozenset({1})], d[2 ** 100], d[-1])
print(hash(1) == hash(1.0) == hash(True), hash(-1) == hash(-2))
class P:
    def __init__(self, x):
        self.x = x
    def __hash__(self):
        return hash(self.x)
    def __eq__(self, o):
        return isinstance(o, P) and o.x == self.x
d = {P(1): 'a'}
print(d[P(1)], P(2) in d)
try:
    d[{}] = 1
except TypeError as e:
    print(e)
try:
    {[]: 1}
except TypeError as e:
    print(e)
try:
    d[set()]
except TypeError as e:
    print(e)
