# Augmented assignment to names, subscripts, attributes, slices, and in-place list/str semantics.
class O:
    def __init__(self):
        self.n = 1
        self.l = [1]
o = O()
o.n += 5; o.n *= 2; o.l += [2]
print(o.n, o.l)
d = {"k": 1, "s": "a"}
d["k"] += 10; d["s"] *= 3; d["new"] = d.get("new", 0) + 1
print(d)
l = [1, 2, 3]
l[0] += 100; l[-1] **= 2; l[1] //= 2
print(l)
a = [1, 2]
b = a
a += [3]
print(a, b, a is b)
t = (1, 2)
u = t
t += (3,)
print(t, u, t is u)
s = "ab"
s2 = s
s += "c"
print(s, s2)
m = [[0] * 2] * 2
m[0][0] += 1
print(m)
calls = []
def key():
    calls.append("key")
    return 0
arr = [10]
arr[key()] += 1
print(arr, calls)
x = 7
x = 7
x >>= 1; x <<= 3; x ^= 5; x |= 64; x &= 0x7F; x %= 50; x -= 1
print(x)
