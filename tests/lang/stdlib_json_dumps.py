# json.dumps: separators, indent, key conversion, escapes, floats and errors
import json

print(json.dumps({'a': [1, 2.5, None, True, False], 'b': 'x'}))
print(json.dumps({'a': [1, {'b': 2}], 'c': [], 'd': {}}, indent=2))
print(json.dumps([1, [2, [3]]], indent='\t'))
print(json.dumps([1, 2], indent=0))
print(json.dumps({'b': 1, 'a': 2, 'c': {'z': 0, 'y': 1}}, sort_keys=True))
print(json.dumps({'a': 1, 'b': [1, 2]}, separators=(',', ':')))
print(json.dumps({1: 'int', 2.5: 'float', True: 'bool', None: 'none', 'k': 'str'}))
print(json.dumps('caf\u00e9 \U0001F600 "q" \\ \n\t\x01\x7f'))
print(json.dumps('caf\u00e9 \U0001F600 \x7f', ensure_ascii=False))
print(json.dumps([0.1, 1e16, 1e-7, -0.0, 3.0, 1.5e300, 10 ** 25, -7]))
print(json.dumps([float('inf'), float('-inf'), float('nan')]))
print(json.dumps((1, 'two', (3,))))
print(json.dumps({(1, 2): 'x', 'ok': 1}, skipkeys=True))
print(json.dumps({1, 2, 3}, default=sorted))
print(json.dumps(12345678901234567890123))
print(json.dumps(''), json.dumps([]), json.dumps({}))

for bad in [{1, 2}, b'bytes', object, {'k': [range(3)]}]:
    try:
        json.dumps(bad)
    except TypeError as e:
        print('TypeError:', e)
try:
    json.dumps({(1, 2): 3})
except TypeError as e:
    print('TypeError:', e)
try:
    json.dumps([float('nan')], allow_nan=False)
except ValueError as e:
    print('ValueError:', e)
loop = [1]
loop.append(loop)
try:
    json.dumps(loop)
except ValueError as e:
    print('ValueError:', e)
d = {}
d['self'] = d
try:
    json.dumps(d)
except ValueError as e:
    print('ValueError:', e)
try:
    json.dumps({'a': 1, 2: 'b'}, sort_keys=True)
except TypeError as e:
    print('TypeError:', e)


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y


def encode_point(o):
    if isinstance(o, Point):
        return {'x': o.x, 'y': o.y}
    raise TypeError('no')


print(json.dumps([Point(1, 2), Point(3, 4)], default=encode_point))
