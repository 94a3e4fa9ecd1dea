a = bytearray(b"hello")
a[0] = 72
print(a, a[0], a[-1], len(a))
a.append(33)
a.extend(b"ab")
a.extend([1, 2])
print(a)
a += b"x"
print(a, a.pop(), a.pop(0), a)
a.insert(1, 90)
a.insert(-1, 91)
a.insert(100, 92)
print(a)
a.remove(90)
print(a)
del a[0]
del a[1:3]
print(a)
a[0:2] = b"XYZ"
print(a)
a[::2] = b"\x00" * len(a[::2])
print(a)
a.reverse()
print(a)
a.clear()
print(a, len(a))
try: a.pop()
except IndexError as e: print(type(e).__name__, e)
try: bytearray(b"a").remove(5)
except ValueError as e: print(type(e).__name__, e)
try: bytearray(b"a")[0] = 256
except ValueError as e: print(type(e).__name__, e)
try: bytearray(b"a").append(-1)
except ValueError as e: print(type(e).__name__, e)
try: bytearray(b"a")[5] = 1
except IndexError as e: print(type(e).__name__, e)
b = bytearray(b"abc")
c = b.copy()
c[0] = 0
print(b, c, b * 2, b + b"d", b == b"abc", b[1:], type(b[1:]).__name__)
print(bytearray([1, 2]), bytearray(range(3)), bytearray("hé", "utf-8"), bytearray(2))
b *= 2
print(b)
