[x for x in range(10)]
[x for x in range(10) if x % 2 if x > 3]
[(x, y) for x in range(3) for y in range(x)]
[[y for y in x] for x in z]
{k: v for k, v in d.items() if v}
{x for x in 'abc'}
(x for x in y)
sum(x for x in y)
list(x for x in y if x)
[x for x, in y]
[x for (x, y) in z]
[x for [x, y] in z]
[x for *x, y in z]
[lambda: x for x in y]
[x for x in (lambda: y)()]
[x for x in y if (z := x)]
[x if x else y for x in z]
[x for x in a or b]
