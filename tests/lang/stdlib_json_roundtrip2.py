import json
vals = [0, -1, 3.14, 'str', '', [1, [2, [3, []]]], {'k': {'k2': {'k3': []}}}, [None, True, False], 1e-7, 123456789.125, 'uni\u2603']
for v in vals:
    s = json.dumps(v)
    print(s, json.loads(s) == v)
print(json.loads(json.dumps({'a': (1, 2)})))
print(json.loads('[1.5, 2]', parse_float=str) if hasattr(json, 'loads') else None)
print(json.loads('{"a": 1}', object_hook=lambda d: sorted(d.items())))
print(json.loads('{"b": 1, "a": 2}', object_pairs_hook=lambda p: p))
print(json.loads('[7]', parse_int=float))
import io
f = io.StringIO()
json.dump({'x': [1, 2]}, f, indent=1)
print(f.getvalue())
print(json.load(io.StringIO('{"y": 2}')))
