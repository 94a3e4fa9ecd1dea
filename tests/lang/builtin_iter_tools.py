# enumerate, zip, map, filter, reversed, sorted, any, all, iter, next.
print(list(enumerate("abc")), list(enumerate("ab", 10)), list(enumerate([], 5)), list(enumerate("x", start=-1)))
print(list(zip([1, 2, 3], "ab")), list(zip()), list(zip([1])), list(zip(*[[1, 2], [3, 4], [5, 6]])))
print(list(map(abs, [-1, 2, -3])), list(map(lambda a, b: a * b, [1, 2, 3], [4, 5])), list(map(str.upper, "ab")))
print(list(filter(None, [0, 1, "", "a", None, [], [0]])), list(filter(lambda x: x % 2, range(10))))
print(list(reversed([1, 2, 3])), list(reversed("abc")), list(reversed(range(4))), list(reversed((1, 2))))
print(any([]), all([]), any([0, 0, 1]), all([1, 1, 0]), any(x > 2 for x in range(4)), all("abc"))
it = iter([1, 2])
print(next(it), next(it), next(it, "default"))
try:
    next(it)
except StopIteration as e:
    print("StopIteration", repr(e))
d = {"a": 1, "b": 2}
it = iter(d)
print(next(it), list(it), list(iter(d.values())), list(iter(d.items())))
class Countdown:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        return self
    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n
print(list(Countdown(4)), sum(Countdown(5)), sorted(Countdown(3)), max(Countdown(6)), list(zip(Countdown(3), "xyz")))
e = enumerate(["p", "q"])
print(next(e), list(e))
z = zip([1, 2], [3, 4])
print(iter(z) is z, next(z), list(z))
m = map(int, ["1", "x"])
print(next(m))
try:
    next(m)
except ValueError as ex:
    print("ValueError:", ex)
for bad in [lambda: iter(5), lambda: next([1]), lambda: reversed({1, 2}), lambda: zip(1), lambda: enumerate(None),
            lambda: list(map(None, [1]))]:
    try:
        bad()
    except TypeError as ex:
        print("TypeError:", ex)
