# array.array: bad typecodes, out-of-range and wrong-type items, bad initialisers
from array import array

for args in [('z',), ('',), ('ii',), (1,), ('b', 'ab'), ('u', [1]), ('i', 'x'), ('d', ['a']),
             ('u', array('i')), ('i', array('u', 'a')), ('b', None), ('b', 5), ('f', [1, 'x'])]:
    try:
        print(array(*args))
    except Exception as e:
        print(args, type(e).__name__, e)
try:
    array('i', [], x=1)
except TypeError as e:
    print('kw', e)
try:
    array()
except TypeError as e:
    print('none', type(e).__name__)

for tc in 'bBhHiIlLqQ':
    for v in (-2**70, -2**63 - 1, -2**63, -2**31 - 1, -2**15 - 1, -129, -1, 0, 127, 128, 255,
              256, 2**15, 2**16, 2**31, 2**32, 2**63, 2**64, 2**70):
        try:
            a = array(tc, [v])
            print(tc, v, 'ok', a[0] == v)
        except Exception as e:
            print(tc, v, type(e).__name__, e)
for tc, v in [('b', 1.5), ('i', '1'), ('d', None), ('f', 'x'), ('u', 'ab'), ('u', 1), ('b', True),
              ('d', 3), ('f', 10**400 if False else 1e300)]:
    try:
        a = array(tc)
        a.append(v)
        print(tc, repr(v), a)
    except Exception as e:
        print(tc, repr(v), type(e).__name__, e)

class Idx:
    def __index__(self):
        return 7
print(array('i', [Idx()]), array('b', [True, False]))
a = array('h', [1, 2])
for name, args in [('frombytes', (b'\x01',)), ('frombytes', ('ab',)), ('fromlist', ((1,),)),
                   ('fromlist', ([1, 99999],)), ('fromunicode', ('x',)), ('tounicode', ()),
                   ('append', ()), ('insert', (0,)), ('pop', (0, 1))]:
    try:
        getattr(a, name)(*args)
        print(name, a)
    except Exception as e:
        print(name, type(e).__name__, e)
print(a)
try:
    hash(a)
except TypeError as e:
    print('unhashable')
try:
    array('u', 'a').fromunicode(5)
except TypeError as e:
    print(e)
