a = bytearray(range(10))
a[2:5] = b""
print(a)
a[0:0] = b"\xff\xfe"
print(a)
a[-2:] = [7, 7, 7]
print(a)
a[1:8:2] = b"abcd"
print(a)
try: a[1:8:2] = b"ab"
except ValueError as e: print(type(e).__name__, e)
del a[::3]
print(a)
a[:] = bytearray(b"new")
print(a)
a[1:2] = a
print(a)
