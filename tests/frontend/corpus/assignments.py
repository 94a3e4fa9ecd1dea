a = 1
a = b = c = 1
a, b = 1, 2
(a, b) = c
[a, b] = c
a, *b = c
*a, b = c
a, *b, c = d
[a, [b, *c]] = d
a.b = 1
a[0] = 1
a[1:2] = 1
a.b.c[d].e = 1
x: int
x: int = 1
(x): int = 1
a.b: int
a[0]: int = 5
x: 'List[int]' = []
a += 1; a -= 1; a *= 1; a /= 1; a //= 1; a %= 1; a **= 1; a @= 1
a <<= 1; a >>= 1; a &= 1; a |= 1; a ^= 1
a.b += 1; a[0] += 1
x = yield_ = 1
x = *a, *b
t = a,
