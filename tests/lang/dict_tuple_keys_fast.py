# Tuple keys of small ints and strs are hashed and compared without calls (dict.c,
# tuple.c); every other item falls back to __hash__/__eq__, with CPython's results.
d = {}
d[(1, 2)] = "a"
d[(-1,)] = "minus one"
d[(-2,)] = "minus two"  # hash(-1) == hash(-2): equal hashes, different keys
print(d[(1, 2)], d[(-1,)], d[(-2,)], len(d))
print(hash((-1,)) == hash((-2,)), hash((1, 2)) == hash((1, 2)))
d[(True, 2)] = "bool"  # True == 1: the same key as (1, 2)
d[(1.0, 2.0)] = "float"
print(d[(1, 2)], len(d))
d[("x", 1)] = "str"
k = ("".join(["x"]), 1)  # an equal str, not the same object
print(d[k], k in d, ("y", 1) in d)
big = 2 ** 70
d[(big, 1)] = "big"
print(d[(2 ** 70, 1)], hash((big, 1)) == hash((2 ** 70, 1)))
d[((1, 2), 3)] = "nested"
print(d[((1, 2), 3)])
n = float("nan")
d[(n,)] = "nan"
print(d[(n,)])  # (a nan computed again also matches in krait: docs/LANGUAGE.md)
print(hash((2 ** 61 - 2,)) == hash((2 ** 61 - 2,)), hash((2 ** 61 - 1, 5)) == hash((0, 5)))
print(hash((-(2 ** 61) + 2,)) == hash((-(2 ** 61) + 2,)))

class S(str):
    def __eq__(self, other):
        print("S.__eq__ called")
        return str.__eq__(self, other)
    __hash__ = str.__hash__

d2 = {("k", 1): 1}
print((S("k"), 1) in d2)

class H:
    def __init__(self, v):
        self.v = v
    def __hash__(self):
        return 7
    def __eq__(self, other):
        return isinstance(other, H) and self.v == other.v

d3 = {(H(1), "a"): 1, (H(2), "a"): 2}
print(d3[(H(2), "a")], (H(3), "a") in d3)
s = {(1, "a"), (1, "a"), (2, "b")}
print(sorted(s))
grid = {}
for i in range(200):
    key = (i // 10, i % 7)
    if key in grid:
        grid[key].append(i)
    else:
        grid[key] = [i]
print(len(grid), sum(len(v) for v in grid.values()), grid[(3, 2)])
