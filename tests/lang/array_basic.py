# array.array: construction, typecodes, item access, methods, repr
from array import array, typecodes, ArrayType
import array as array_mod

print(typecodes, ArrayType is array, array_mod.array.__module__, array)
for tc in typecodes:
    a = array(tc)
    print(tc, a, len(a), a.typecode, a.itemsize in (1, 2, 4, 8))

a = array('i', [1, 2, 3])
print(a, repr(a), str(a), len(a), a[0], a[-1], list(a))
a.append(4)
a.extend([5, 6])
a.extend(array('i', [7]))
a.extend(x * 10 for x in range(2))
a.insert(0, -1)
a.insert(100, 99)
a.insert(-100, -99)
print(a)
print(a.pop(), a.pop(0), a.pop(-2), a)
a.remove(5)
print(a, a.index(3), a.count(3), 3 in a, 42 in a)
a.reverse()
print(a, a.tolist())
print(array('d', [1.5, 2.25]), array('f', [0.5]), array('b', b'\x01\xff'))
print(array('B', bytearray(b'ab')), array('h', array('b', [1, -2])))
print(array('u', 'hello'), array('u', 'hé€'), array('u', 'ab').tounicode())
u = array('u')
u.fromunicode('xyz')
print(u, len(u))

b = array('H', [1, 2, 513])
print(b.tobytes(), bytes(b), bytearray(b), b.buffer_info()[1])
b.byteswap()
print(b)
c = array('h')
c.frombytes(b'\x01\x00\x02\x00')
c.fromlist([7, 8])
print(c)
print(array('q', [2**62, -2**63]), array('Q', [2**64 - 1]), array('L', [2**32]))
print(array('I', [2**32 - 1]), array('l', [-2**63]))

# arithmetic and comparisons
x = array('i', [1, 2])
y = array('i', [3])
print(x + y, x * 2, 2 * x, x * 0, x * -1)
x += y
x *= 2
print(x)
print(array('i', [1, 2]) == array('i', [1, 2]), array('i', [1, 2]) == array('d', [1.0, 2.0]))
print(array('i', [1, 2]) < array('i', [1, 3]), array('b', [5]) > array('b', [4, 9]))
print(array('i', [1]) != array('i', [1]), array('i') == [], array('i', [1]) == [1])
print(array('d', [float('nan')]) == array('d', [float('nan')]))

# iteration and copies
import copy
z = array('b', [3, 1, 2])
print(sorted(z), [v * 2 for v in z], copy.copy(z), copy.deepcopy(z), copy.copy(z) is z)

class Sub(array):
    pass
s = Sub('i', [1, 2])
print(type(s).__name__, s, len(s), s[1], isinstance(s, array))
s.tag = 'x'
print(s.tag)
