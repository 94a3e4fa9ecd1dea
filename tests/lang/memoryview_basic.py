# memoryview over bytes, bytearray and array.array: items, slices, writes, attributes
from array import array

m = memoryview(b'abcdef')
print(type(m).__name__, len(m), m[0], m[-1], list(m), m.tobytes(), bytes(m), m.tolist())
print(m.readonly, m.itemsize, m.format, m.nbytes, m.ndim, m.shape, m.strides, m.obj)
print(m.suboffsets, m.c_contiguous, m.f_contiguous, m.contiguous)
s = m[1:4]
print(s.tobytes(), len(s), s[0], s.shape, m[::2].tobytes(), m[::-1].tobytes(), m[::2].strides)
print(m[::-2].tolist(), m[::2][::-1].tobytes(), m[4:1].tobytes(), m[::2].contiguous)

ba = bytearray(b'hello')
w = memoryview(ba)
w[0] = ord('j')
w[1:3] = b'EL'
w[::4] = b'XY'
print(ba, w.readonly, bytes(w[1:]))
w[-1] = 255
print(ba)
r = w.toreadonly()
print(r.readonly, r.tobytes())

a = array('i', [1, -2, 3, 4])
v = memoryview(a)
print(v.format, v.itemsize, len(v), v.nbytes, v.tolist(), v[1], v[1:3].tolist())
v[0] = 100
v[2:4] = array('i', [30, 40])
print(a)
d = memoryview(array('d', [0.5, 1.5]))
print(d.format, d.tolist(), d[1])
print(memoryview(array('u', 'ab')).format)

# views of views share the memory
ba = bytearray(range(10))
mv = memoryview(ba)
mv2 = memoryview(mv)[2:8]
mv2[0] = 99
print(ba[2], mv2.obj is ba, len(mv2))
mv[1:] = mv[:-1]
print(ba)
mv[:-1] = mv[1:]
print(ba)

# equality and hashing
print(memoryview(b'abc') == b'abc', b'abc' == memoryview(b'abc'), memoryview(b'ab') == b'abc')
print(memoryview(b'abc') == memoryview(bytearray(b'abc')), memoryview(b'abc') != b'abd')
print(memoryview(array('i', [1, 2])) == array('i', [1, 2]), memoryview(b'\x01') == array('b', [1]))
print(memoryview(array('i', [1])) == b'\x01\x00\x00\x00', memoryview(b'a') == 'a', memoryview(b'a') == 97)
print(hash(memoryview(b'abc')) == hash(b'abc'), memoryview(b'x') in {b'x': 1})
print(memoryview(array('d', [1.0])) == memoryview(array('f', [1.0])))

# hex
print(memoryview(b'\x01\xab\xff').hex(), memoryview(b'\x01\x02\x03\x04').hex(':', 2))
print(memoryview(array('H', [1, 2])).hex('-'))

# release and with
m = memoryview(b'xyz')
with m as mm:
    print(mm is m, mm[0])
print(repr(m).startswith('<released memory at 0x'), repr(memoryview(b'')).startswith('<memory at 0x'))
for op in [lambda: m[0], lambda: len(m), lambda: m.tobytes(), lambda: bytes(m), lambda: m.format]:
    try:
        op()
    except ValueError as e:
        print(type(e).__name__, e)
m.release()
print(m == m, m == memoryview(b'xyz'))

class Sub(bytes):
    pass
print(memoryview(Sub(b'qq')).tobytes(), memoryview(bytearray()).tolist(), list(memoryview(b'')))
print(memoryview(array('u','ab')).tobytes())
try: memoryview(array('u','ab'))[0]
except NotImplementedError as e: print(e)
