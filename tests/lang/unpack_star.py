# Unpacking with *rest in assignments, for targets, and nested patterns; and star in displays.
a, *b = [1, 2, 3, 4]; print(a, b)
*a, b = "xyz"; print(a, b)
a, *b, c = range(6); print(a, b, c)
a, *b, c = (1, 2); print(a, b, c)
[a, b], *c = [[1, 2], 3, 4]; print(a, b, c)
for x, *y in [(1, 2, 3), (4,), (5, 6)]:
    print(x, y)
for (i, j), k in [((1, 2), 3), ((4, 5), 6)]:
    print(i + j + k)
first, (second, *others) = 1, [2, 3, 4]; print(first, second, others)
print([*range(3), *"ab", *(9,)], (*[1, 2], 3), {*[1, 2], 3}, {**{"a": 1}, "b": 2, **{"a": 3}})
print(*[1, 2, 3], sep="-")
for bad in [lambda: exec_unpack2([1, 2, 3]), lambda: exec_unpack2([1]), lambda: exec_unpack_star([1]),
            lambda: exec_unpack2(5)]:
    pass
def exec_unpack2(v):
    a, b = v
    return a, b
def exec_unpack_star(v):
    a, b, *c = v
    return a, b, c
for v in [[1, 2, 3], [1], 5, "ab", {"k": 1, "j": 2}]:
    try:
        print(exec_unpack2(v))
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
for v in [[1], [1, 2], range(5)]:
    try:
        print(exec_unpack_star(v))
    except ValueError as e:
        print("ValueError:", e)
x = y = z = [0]
x.append(1); print(y, z, x is z)
i = j = 5; i += 1; print(i, j)
d = {}
d["a"], d["b"] = 1, 2
l = [0, 0, 0]
l[0], l[2] = "x", "y"
print(d, l)
i, l[i] = 1, "q"; print(i, l)
