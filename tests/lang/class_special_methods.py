# Special methods the core subset uses: arithmetic, comparison, len/getitem/contains/bool/call.
class V:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __add__(self, o):
        return V(self.x + o.x, self.y + o.y) if isinstance(o, V) else NotImplemented
    def __radd__(self, o):
        return V(self.x + o, self.y + o)
    def __sub__(self, o):
        return V(self.x - o.x, self.y - o.y)
    def __mul__(self, k):
        return V(self.x * k, self.y * k)
    __rmul__ = __mul__
    def __neg__(self):
        return V(-self.x, -self.y)
    def __abs__(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5
    def __eq__(self, o):
        return isinstance(o, V) and self.x == o.x and self.y == o.y
    def __lt__(self, o):
        return abs(self) < abs(o)
    def __hash__(self):
        return hash((self.x, self.y))
    def __repr__(self):
        return f"V({self.x}, {self.y})"
    def __bool__(self):
        return bool(self.x or self.y)
a, b = V(1, 2), V(3, 4)
print(a + b, b - a, a * 3, 3 * a, -a, abs(b), 10 + a, a == V(1, 2), a != b, a < b, b > a, sorted([b, a]))
print(bool(V(0, 0)), bool(a), {a: 1}[V(1, 2)], max(a, b), sum([a, b], V(0, 0)))
try:
    a + 5
except TypeError as e:
    print("TypeError:", e)
try:
    a <= b
except TypeError as e:
    print("TypeError:", e)
class Seq:
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n
    def __getitem__(self, i):
        if isinstance(i, slice):
            return list(range(self.n))[i]
        if i >= self.n:
            raise IndexError(i)
        return i * i
    def __contains__(self, v):
        return v == "magic"
    def __call__(self, *a, **k):
        return ("called", a, k)
s = Seq(5)
print(len(s), s[2], s[1:4], list(s), "magic" in s, 4 in s, s(1, k=2), bool(Seq(0)), [x for x in s][-1])
class Acc:
    def __init__(self):
        self.v = []
    def __iadd__(self, o):
        self.v.append(o)
        return self
    def __setitem__(self, k, v):
        self.v.append((k, v))
    def __delitem__(self, k):
        self.v.append(("del", k))
    def __str__(self):
        return "Acc" + str(self.v)
acc = Acc()
acc += 1
acc += 2
acc["k"] = "v"
del acc[0]
print(acc, str(acc), f"{acc}")
class Num:
    def __init__(self, v):
        self.v = v
    def __index__(self):
        return self.v
    def __int__(self):
        return self.v
    def __float__(self):
        return float(self.v) + 0.5
print([10, 20, 30][Num(1)], bin(Num(5)), hex(Num(255)), range(Num(3)), int(Num(7)), float(Num(1)))
class Cmp:
    def __init__(self, v):
        self.v = v
    def __le__(self, o):
        return self.v <= o.v
    def __ge__(self, o):
        return self.v >= o.v
    def __gt__(self, o):
        return self.v > o.v
print(Cmp(1) <= Cmp(2), Cmp(1) >= Cmp(2), Cmp(3) > Cmp(2), Cmp(1) < Cmp(2))
