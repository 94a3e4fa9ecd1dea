# json.loads: values, hooks and JSONDecodeError messages and positions
import json

print(json.loads('{"a": [1, 2.5, -3, 1e3, true, false, null], "b": "x\\ty\\u00e9"}'))
print(json.loads('  [ ]  '), json.loads('{}'), json.loads('"\\ud83d\\ude00"'))
print(json.loads('123456789012345678901234567890'), json.loads('-0'), json.loads('-0.5e-3'))
print(json.loads('[NaN, Infinity, -Infinity]'))
print(json.loads('"\\"\\\\\\/\\b\\f\\n\\r\\t"') == '"\\/\b\f\n\r\t')
print(json.loads('{"a": 1, "a": 2}'))
print(json.loads(b'[1, "bytes"]'))
print(json.loads('{"x": {"y": 1}}', object_hook=lambda d: sorted(d.items())))
print(json.loads('[1.5, 2, 3]', parse_float=str, parse_int=lambda s: int(s) * 10))
print(json.loads('{"b": 1, "a": 2}', object_pairs_hook=list))
print(issubclass(json.JSONDecodeError, ValueError))

docs = ['', '   ', 'nul', '[1,]', '[1 2]', '{"a":1,}', '{"a" 1}', '{1: 2}', '{', '[',
        '"abc', '"a\nb"', '"\\x"', '"\\u12"', '1 2', '1.', '-', '[1,\n  x]', '{"a":}',
        '{"a": 1} extra', '\u00e9', '"\u00e9" 1', '[1, 2', '{"a": 1', 'tru', '01']
for doc in docs:
    try:
        print(repr(doc), '->', repr(json.loads(doc)))
    except json.JSONDecodeError as e:
        print(repr(doc), '->', type(e).__name__, '|', e, '|', e.msg, e.pos, e.lineno, e.colno)
try:
    json.loads(5)
except TypeError as e:
    print('TypeError:', e)
try:
    json.loads('[')
except ValueError as e:
    print('caught as ValueError:', e.args[0])
