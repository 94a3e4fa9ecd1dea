# The buffer protocol between bytes, bytearray, memoryview, array.array and their users
# (struct, io.BytesIO, hashlib, int, str, eval/exec, bytes methods)
import struct, io, hashlib
from array import array

a = array('h', [1, 2, 0x1515])
m = memoryview(b'123')
print(bytes(a), bytearray(a), bytes(m), bytearray(m[1:]), b'x' + a, b'x' + m, bytearray(b'y') + a)
ba = bytearray(b'z')
ba += a
ba += m
print(ba, array('b', [1, 2]) in b'\x01\x02\x03', m in b'x123', b'12' in bytearray(b'012'))
print(b'-'.join([m, a[:1], b'q']), b'abc'.startswith(memoryview(b'ab')), b'abc'.find(m[:1]))
print(struct.unpack('<3h', a), struct.unpack_from('<h', memoryview(a), 2))
buf = array('b', [0] * 4)
struct.pack_into('<hh', buf, 0, 258, -1)
print(buf)
mb = bytearray(6)
struct.pack_into('<h', memoryview(mb)[2:], 0, 0x4142)
print(mb)
try:
    struct.pack_into('<h', b'abcd', 0, 1)
except TypeError as e:
    print(e)
try:
    struct.pack_into('<h', memoryview(b'abcd'), 0, 1)
except TypeError as e:
    print(e)
f = io.BytesIO()
f.write(memoryview(b'hello'))
f.write(array('b', [33]))
print(f.getvalue())
f.seek(0)
dst = bytearray(3)
print(f.readinto(memoryview(dst)), dst)
arr = array('b', [0, 0])
print(f.readinto(arr), arr)
print(hashlib.sha256(memoryview(b'abc')).hexdigest() == hashlib.sha256(b'abc').hexdigest())
print(int(memoryview(b'42')), int(array('b', b' 7 ')), int.from_bytes(memoryview(b'\x01\x02'), 'big'))
print(str(memoryview(b'h\xc3\xa9'), 'utf-8'), str(array('B', b'ok'), 'ascii'))
print(eval(memoryview(b'1 + 2')), eval(array('b', b'3 * 3')))
exec(memoryview(b'print("exec ok")'))
try:
    int(memoryview(b'1x'))
except ValueError as e:
    print(e)
print(b'abc' == bytearray(b'abc'), bytearray(b'abc') == memoryview(b'abc'))
print(b'\x01\x00' == array('h', [1]), array('h', [1]) == b'\x01\x00')
g = io.BytesIO(b'abcdef')
gb = g.getbuffer()
gb[0] = 65
gb[-2:] = b'EF'
print(g.getvalue(), len(gb), gb.tobytes(), gb.readonly)
