import json
data = {'name': 'krait', 'list': [1, 2, {'x': None, 'y': [True, False]}], 'empty': [], 'eo': {}, 'n': 1.25}
print(json.dumps(data, indent=2))
print(json.dumps(data, indent=0))
print(json.dumps(data, indent='\t', sort_keys=True))
print(json.dumps([[1, [2, [3]]]], indent=1))
print(json.dumps(data, indent=4, separators=(',', ': ')))
print(json.dumps([], indent=2), json.dumps({}, indent=2), json.dumps([1], indent=None))
print(json.dumps({'a': [1]}, indent=2, separators=(';', '= ')))
