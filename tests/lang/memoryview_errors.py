# memoryview: bad arguments and operations, with CPython's messages
from array import array

def t(f):
    try:
        r = f()
        print('ok', r)
    except Exception as e:
        print(type(e).__name__, e)

t(lambda: memoryview('abc'))
t(lambda: memoryview(1))
t(lambda: memoryview([1, 2]))
t(lambda: memoryview())
t(lambda: memoryview(b'a', b'b'))
ro = memoryview(b'abc')
rw = memoryview(bytearray(b'abc'))
t(lambda: ro.__setitem__(0, 1))
t(lambda: ro.__setitem__(slice(0, 1), b'x'))
t(lambda: rw.__setitem__(0, 256))
t(lambda: rw.__setitem__(0, -1))
t(lambda: rw.__setitem__(0, 'a'))
t(lambda: rw.__setitem__(0, 1.0))
t(lambda: rw.__setitem__(slice(0, 2), b'xyz'))
t(lambda: rw.__setitem__(slice(0, 2), 'xy'))
t(lambda: rw.__setitem__(slice(0, 1), array('h', [1])))
t(lambda: rw.__delitem__(0))
t(lambda: rw[3])
t(lambda: rw[-4])
t(lambda: rw['a'])
t(lambda: rw[1.0])
t(lambda: hash(rw))
t(lambda: hash(memoryview(array('i', [1])).toreadonly()))
t(lambda: ro < ro)
t(lambda: ro + b'x')
t(lambda: b'x' + ro)
t(lambda: bytearray(b'x') + ro)
t(lambda: ro * 2)
t(lambda: rw.cast('i'))
t(lambda: memoryview(bytearray(8)).cast('i').tolist())
t(lambda: memoryview(bytearray(8)).cast('d').tolist())
t(lambda: memoryview(bytearray(8)).cast('Q', [1]).tolist())
t(lambda: memoryview(bytearray(8)).cast('xx'))
t(lambda: memoryview(bytearray(8)).cast(1))
t(lambda: memoryview(array('i', [1])).cast('h'))
t(lambda: memoryview(array('i', [1, 2])).cast('B').tolist())
t(lambda: memoryview(bytearray(4))[::2].cast('B'))
t(lambda: memoryview(bytearray(8)).cast('@H').itemsize)
t(lambda: memoryview(array('d', [0.0])).__setitem__(0, 'x'))
t(lambda: ro.itemsize.__class__)
try:
    ro.itemsize = 2
except AttributeError as e:
    print('AttributeError')
try:
    ro.nosuch
except AttributeError as e:
    print(e)
mi = memoryview(array('b', [0]))
for v in (127, -128, 128, -129, True, 2**70):
    try:
        mi[0] = v
        print(v, mi[0])
    except Exception as e:
        print(v, type(e).__name__, e)
