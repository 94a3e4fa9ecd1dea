a + b - c * d / e // f % g ** h @ i
a << b >> c & d | e ^ f
-a ** -b
a ** b ** c
not a and b or c and not d
a < b <= c > d >= e == f != g is h is not i in j not in k
a if b else c if d else e
(a, b), [a, b], {a, b}, {a: b}, {**a, 'b': 1, **c}, {}
(a,), (), [], (a)
x[0], x[1:2], x[:], x[::], x[1:2:3], x[::2], x[:2], x[1:], x[a, b], x[1:2, ::3], x[...], x[:, None]
x[1:2,], x[a,], x[*a], x[*a, b]
a.b.c.d, a().b[c](d)
f(), f(a), f(a, b), f(a=1), f(*a), f(**a), f(a, *b, c, *d, e=1, **f, g=2)
f(a for a in b), f((a for a in b), c), f(a, *b, **c)
print(*a, **k)
[x for x in y], [x for x in y if x if z], [x for x in y for z in x], [(x, y) for x in a for y in b if x != y]
{x for x in y}, {x: y for x, y in z}, (x for x in y)
[x async for x in y], [await x for x in y]
[*a, *b], (*a, *b), {*a, *b}
a = *b, c
x = [i for i in range(3) if (j := i)]
a or b or c, a and b and c
lambda: (a, b)
x = a if b else lambda: c
(yield)
~a, +a, -a, not a
a is not b, a not in b
x = 'a' in 'abc'
y = 1 if True else 2
z = [1, 2, 3,]
w = {1: 2, 3: 4,}
v = (1, 2, 3,)
f(a)(b)(c)
a[b][c][d]
x = (1 +
     2)
y = [
    1,
    2,
]
z = 1 + \
    2
