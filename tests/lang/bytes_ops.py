a = b"abc"
print(a + b"def", a * 2, 2 * a, a * 0, a + bytearray(b"x"), bytearray(b"x") + a)
print(a[0], a[-1], a[1:], a[::-1], a[::2], a[5:], list(a), tuple(b"hi"))
print(a == b"abc", a != b"abd", a < b"abd", a <= b"abc", b"b" > a, a == bytearray(b"abc"), a == "abc")
try: a[5]
except IndexError as e: print(type(e).__name__, e)
try: a + "x"
except TypeError as e: print(type(e).__name__, e)
try: a[0] = 1
except TypeError as e: print(type(e).__name__, e)
try: a < "b"
except TypeError as e: print(type(e).__name__, e)
print(len(a), len(b""), min(a), max(a), sum(a), sorted(b"cba"))
x = b"q"
x += b"r"
print(x, hash(b"") == hash(b"") )
print(b"abc".__len__(), a.__getitem__(1))
