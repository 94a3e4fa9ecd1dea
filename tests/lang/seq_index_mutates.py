# An __index__ (or a generator) that resizes the container being indexed: the length and
# the buffer must be read after the conversion. Each case used to crash krait.
from collections import deque


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)


class Shrink:
    def __init__(self, seq, value):
        self.seq, self.value = seq, value

    def __index__(self):
        self.seq.clear()
        return self.value


class Grow:
    def __init__(self, seq, value, extra):
        self.seq, self.value, self.extra = seq, value, extra

    def __index__(self):
        self.seq.extend(self.extra)
        return self.value


# list
L = list(range(10))
show(lambda: L[Shrink(L, 5)])
L = list(range(10))
show(lambda: L[Shrink(L, -1)])
L = list(range(10))
def d():
    del L[Shrink(L, 5)]
show(d)
print(L)
L = list(range(10))
def s():
    L[Shrink(L, 3)] = 'x'
show(s)
print(L)
L = list(range(10))
def ss():
    L[0:Shrink(L, 5)] = [1, 2]
show(ss)
print(L)
L = list(range(10))
def ss2():
    L[Shrink(L, 8):] = [1, 2]
show(ss2)
print(L)
L = list(range(10))
show(lambda: L[Shrink(L, 2):8])
L = list(range(10))
show(lambda: L[1:9:Shrink(L, 2)])
L = list(range(10))
def ds():
    del L[Shrink(L, 2):8]
show(ds)
print(L)
L = list(range(10))
def ds2():
    del L[1:9:Shrink(L, 2)]
show(ds2)
print(L)
L = list(range(10))
def ext():
    L[2:9:Shrink(L, 3)] = 'abc'
show(ext)
print(L)
L = list(range(4))
show(lambda: L[Grow(L, 5, range(100))])
L = list(range(10))
def gen_clear():
    L.clear()
    yield 'a'
    yield 'b'
def gs():
    L[2:5] = gen_clear()
show(gs)
print(L)
L = list(range(10))
def gs2():
    L[1:9:2] = gen_clear()
show(gs2)
print(L)

# bytearray
b = bytearray(b'abcdefgh')
show(lambda: b[Shrink(b, 3)])
b = bytearray(b'abcdefgh')
show(lambda: b[Shrink(b, 1):])
b = bytearray(b'abcdefgh')
show(lambda: b[:Shrink(b, 6):2])
b = bytearray(b'abc')
show(lambda: len(b[Grow(b, 1, b'x' * 5000):]))
b = bytearray(b'abcdefgh')
def bs():
    b[Shrink(b, 3)] = 65
show(bs)
print(b)
b = bytearray(b'abcdefgh')
def bv():
    b[1] = Shrink(b, 66)
show(bv)
print(b)
b = bytearray(b'abcdefgh')
def bd():
    del b[Shrink(b, 3)]
show(bd)
print(b)
b = bytearray(b'abcdefgh')
def bsl():
    b[Shrink(b, 5):7] = b'XY'
show(bsl)
print(b)
b = bytearray(b'abcdefgh')
def bdl():
    del b[1:7:Shrink(b, 2)]
show(bdl)
print(b)
b = bytearray(b'abcdefgh')
def bgen():
    b.clear()
    yield 65
    yield 66
def bg():
    b[1:2] = bgen()
show(bg)
print(b)
b = bytearray(b'abcdefgh')
def bgen2():
    del b[2:]
    yield 65
def bg2():
    b[5:7] = bgen2()
show(bg2)
print(b)
b = bytearray(b'abcdefgh')
def bg3():
    b[0:8:2] = bgen()
show(bg3)
print(b)

# bytearray methods whose arguments resize the receiver: CPython reads a stale buffer for
# most of them (tests/hostile/bytearray_args_resize.py checks those against a recomputation)
b = bytearray(b'abc')
show(lambda: b * Shrink(b, 3))
b = bytearray(b'abc')
def bi():
    b.insert(Shrink(b, 2), 120)
show(bi)
print(b)
b = bytearray(b'abc')
def bp():
    return b.pop(Shrink(b, 1))
show(bp)
print(b)
# deque
q = deque(range(10))
show(lambda: q[Shrink(q, 5)])
q = deque(range(10))
def qs():
    q[Shrink(q, 5)] = 1
show(qs)
print(q)
q = deque(range(10))
def qd():
    del q[Shrink(q, 5)]
show(qd)
print(q)
q = deque(range(3))
show(lambda: q[Grow(q, 50, range(100))])
