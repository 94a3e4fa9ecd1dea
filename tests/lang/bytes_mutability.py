b = bytearray(b"abc")
c = bytes(b)
b[0] = 120
print(b, c, bytes(b), b is not c)
m = b
m += b"!"
print(b, m is b)
x = b"abc"
y = x
x += b"d"
print(x, y, x is y)
