# io.BytesIO: reading, writing past the end, seek/truncate, readinto, iteration, closed errors
import io
b = io.BytesIO(b"hello\nworld\n")
print(b.read(3), b.tell(), b.readline(), b.readlines(), b.read(), b.tell())
b.seek(0)
print(list(b))
b.seek(0, 2)
print(b.write(b"more"), b.getvalue(), b.tell())
b.seek(20)
b.write(b"x")
print(b.getvalue())
print(b.truncate(5), b.getvalue(), b.seek(-2, 2), b.read())
w = io.BytesIO()
w.write(bytearray(b"ab"))
w.writelines([b"c", b"d"])
print(w.getvalue(), w.readable(), w.writable(), w.seekable(), w.isatty())
buf = bytearray(3)
w.seek(1)
print(w.readinto(buf), buf)
with io.BytesIO(b"ctx") as c:
    print(c.read())
print(c.closed)
for op in [lambda: c.read(), lambda: c.getvalue(), lambda: c.write(b"x")]:
    try:
        op()
    except ValueError as e:
        print("ValueError:", e)
try:
    io.BytesIO().write("str")
except TypeError as e:
    print("TypeError:", e)
try:
    io.BytesIO().seek(-1)
except ValueError as e:
    print("ValueError:", e)
print(io.BytesIO(b"abc").read(None), io.BytesIO(b"abc").read(-1), io.BytesIO().read())
