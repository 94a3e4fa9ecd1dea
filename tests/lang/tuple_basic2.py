t = (1, 2, 3)
print(t, t[0], t[-1], t[1:], t[::-1], len(t))
print((), (1,), tuple(), tuple([1, 2]), tuple('ab'), tuple(range(3)))
print(t + (4,), t * 2, 2 * t, () * 3, t * 0)
print(t.index(2), t.count(3), t.count(9))
try:
    t.index(9)
except ValueError as e:
    print(e)
try:
    t[0] = 5
except TypeError as e:
    print(e)
try:
    t[5]
except IndexError as e:
    print(e)
try:
    t + [1]
except TypeError as e:
    print(e)
try:
    del t[0]
except TypeError as e:
    print(e)
print(tuple(t) is t)
print((1, 2) < (1, 3), (1, 2) == (1, 2), (1,) < (1, 0), (2,) > (1, 5), () < (0,))
print(hash((1, 2)) == hash((1, 2)), hash(()) == hash(()))
try:
    hash((1, [2]))
except TypeError as e:
    print(e)
print(repr((1,)), repr(('a', 'b')), str(((1, 2), ())))
a, b, c = t
print(a + b + c)
print(1 in t, 5 in t)
x = 1,
print(x)
