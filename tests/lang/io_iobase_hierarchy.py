import io, sys
class M(io.IOBase): pass
m = M()
for f in ['seek', 'tell', 'truncate', 'fileno']:
    try:
        getattr(m, f)(0) if f in ('seek', 'truncate') else getattr(m, f)()
    except Exception as e:
        print(f, type(e).__name__, repr(e), isinstance(e, OSError), isinstance(e, ValueError))
print(m.readable(), m.writable(), m.seekable(), m.isatty(), m.closed)
print(io.UnsupportedOperation.__mro__)
class R(io.RawIOBase):
    def __init__(self, data):
        self.data = data
    def readinto(self, b):
        n = min(len(b), len(self.data))
        b[:n] = self.data[:n]
        self.data = self.data[n:]
        return n
    def readable(self):
        return True
r = R(b"line one\nline two\nend")
print(r.read(4), r.readline(), r.readlines())
print(R(b"abc\ndef").readall(), R(b"").read(), list(R(b"x\ny\n")))
class B(io.BufferedIOBase): pass
for f in ['read', 'read1', 'write', 'detach']:
    try:
        getattr(B(), f)(*([b''] if f == 'write' else []))
    except io.UnsupportedOperation as e:
        print(f, repr(e))
class T(io.TextIOBase): pass
for f in ['read', 'write', 'readline', 'detach']:
    try:
        getattr(T(), f)(*([''] if f == 'write' else []))
    except io.UnsupportedOperation as e:
        print(f, repr(e))
print(T().encoding, T().newlines, T().errors)
m.close(); print(m.closed)
for op in (m.flush, lambda: iter(m), m.isatty, lambda: m.writelines([])):
    try:
        op()
    except ValueError as e:
        print(repr(e))
try:
    with m:
        pass
except ValueError as e:
    print(repr(e))
class W(io.IOBase):
    def __init__(self):
        self.parts = []
        self.flushed = 0
    def write(self, s):
        self.parts.append(s)
        return len(s)
    def flush(self):
        self.flushed += 1
        super().flush()
w = W()
print('test', 42, file=w)
w.writelines(['a', 'b'])
with w as w2:
    print(w2 is w, w.closed)
print(w.parts, w.flushed, w.closed)
class BadFlush(io.IOBase):
    def flush(self):
        raise OSError("flush failed")
bf = BadFlush()
try:
    bf.close()
except OSError as e:
    print("close:", e, bf.closed)
class BR(io.BufferedIOBase):
    def read(self, n=-1):
        return b"xyz"[:n]
buf = bytearray(5)
print(BR().readinto(buf), buf)
f = open(__file__)
print(isinstance(f, io.IOBase), isinstance(f, io.TextIOBase), isinstance(f, io.BufferedIOBase))
f.close()
f = open(__file__, 'rb')
print(isinstance(f, io.IOBase), isinstance(f, io.BufferedIOBase), isinstance(f, io.RawIOBase))
print(f.readline())
f.close()
s = io.StringIO("a\nb\n")
print(isinstance(s, io.TextIOBase), s.readlines(), isinstance(io.BytesIO(), io.BufferedIOBase))
print(isinstance(sys.stdout, io.TextIOBase), isinstance(sys.stderr, io.IOBase))
print(issubclass(io.RawIOBase, io.IOBase), issubclass(io.TextIOBase, io.BufferedIOBase))
try:
    io.StringIO().fileno()
except io.UnsupportedOperation as e:
    print('fileno', e)
try:
    open(__file__).write('x')
except io.UnsupportedOperation as e:
    print('write', e)

for c in (io.StringIO, io.BytesIO, io.TextIOWrapper, io.BufferedReader):
    print(c.__name__, issubclass(c, io.IOBase), issubclass(c, io.TextIOBase),
          issubclass(c, io.BufferedIOBase))
class Parts:
    def __init__(self):
        self.parts = []
    def write(self, s):
        self.parts.append(s)
p = Parts()
print(1, 2, 3, sep='', end='', file=p)
print(file=p)
print('x', None, sep=None, end=None, file=p, flush=False)
print(p.parts)
class NoFlush:
    def write(self, s):
        pass
try:
    print('a', file=NoFlush(), flush=True)
except AttributeError as e:
    print('AttributeError', e)
class BadStr:
    def __str__(self):
        raise RuntimeError('no str')
p = Parts()
try:
    print('first', BadStr(), file=p)
except RuntimeError:
    print(p.parts)
