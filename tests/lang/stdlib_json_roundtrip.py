# json round trips and dump/load through a file-like object
import json
import io

data = {'name': 'krait', 'tags': ['a', 'b'], 'n': 3, 'x': 0.25, 'nested': {'ok': True,
        'none': None, 'list': [[], {}, [1, [2, [3]]]]}, 'uni': 'snake \U0001F40D'}
for kw in [{}, {'indent': 4}, {'sort_keys': True}, {'ensure_ascii': False},
           {'separators': (',', ':')}]:
    text = json.dumps(data, **kw)
    print(text)
    print(json.loads(text) == data)

buf = io.StringIO()
json.dump({'k': [1, 2]}, buf, indent=1)
print(repr(buf.getvalue()))
buf.seek(0)
print(json.load(buf))
