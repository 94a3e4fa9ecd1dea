import json
print(json.loads('1'), json.loads('-1.5e3'), json.loads('"a\\u00e9\\n"'), json.loads('null'), json.loads('true'), json.loads('[]'))
print(json.loads('{"a": [1, 2, {"b": null}], "c": "d"}'))
print(json.loads(' [1 , 2 ] '), json.loads('"\\ud83d\\ude00"'), json.loads('1E2'), json.loads('12345678901234567890'))
print(json.loads('NaN'), json.loads('Infinity'), json.loads('-Infinity'), json.loads('{"a":1,"a":2}'))
print(json.loads(b'[1]'), type(json.loads('1.0')).__name__, json.loads('"\\/"'))
for bad in ['', '[', '[1,]', '{"a" 1}', '{"a":1,}', 'tru', '"abc', '[1] x', '{1: 2}', '01', '"\\x"', '-', "'a'", '[1,,2]', '{"a":}', '  ', '"\t"']:
    try:
        json.loads(bad)
    except json.JSONDecodeError as e:
        print(repr(bad), '->', e, '|', e.pos, e.lineno, e.colno)
try:
    json.loads('\n\n  [1, 2\n  x')
except ValueError as e:
    print(e)
print(issubclass(json.JSONDecodeError, ValueError))
