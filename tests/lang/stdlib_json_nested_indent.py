import json
d = {'a': {'b': {'c': [1, {'d': []}]}}, 'e': [[[]]]}
print(json.dumps(d, indent=3))
print(json.dumps(d, sort_keys=True, indent=1, separators=(',', ':')))
