import io
s = io.StringIO()
print(s.write("hello\n"), s.write("wörld\nlast"))
print(repr(s.getvalue()), s.tell())
s.seek(0)
print(repr(s.readline()), repr(s.read(3)), repr(s.read()))
s.seek(0)
print(list(s))
print(io.StringIO("a\nb\n").readlines())
with io.StringIO("x") as t:
    print(t.read())
print(t.closed)
try:
    t.read()
except ValueError as e:
    print(e)
name = "_stdlib_io_tmp.txt"
with open(name, "w") as f:
    f.write("line1\nline2\nline3")
with open(name) as f:
    print([l for l in f])
with open(name, "a") as f:
    f.write("\nmore")
f = open(name, "r")
print(repr(f.readline()), repr(f.read(4)), f.readlines())
f.close()
with open(name, "wb") as f:
    print(f.write(b"\x00\x01bin"))
with open(name, "rb") as f:
    print(f.read())
import os
os.remove(name)
try:
    open("no_such_file_krait.txt")
except FileNotFoundError as e:
    print(e, e.errno)
try:
    open(name, "q")
except ValueError as e:
    print(e)
