import json
print(json.dumps(1), json.dumps(1.5), json.dumps('a"b\n\u00e9\U0001F600'), json.dumps(None), json.dumps(True), json.dumps(False))
print(json.dumps([1, 'a', None, [], {}]), json.dumps({'a': 1, 'b': [1, 2]}), json.dumps((1, 2)))
print(json.dumps({1: 'a', 2.5: 'b', True: 'c', None: 'd'}))
print(json.dumps({'b': 1, 'a': 2}, sort_keys=True))
print(json.dumps([1, 2], separators=(',', ':')), json.dumps({'a': 1}, separators=(',', ':')))
print(json.dumps('é', ensure_ascii=False), json.dumps(float('inf')), json.dumps(float('-inf')), json.dumps(float('nan')))
print(json.dumps(1e100), json.dumps(0.1), json.dumps(-0.0), json.dumps(10**30))
try:
    json.dumps(set())
except TypeError as e:
    print(e)
try:
    json.dumps({(1, 2): 3})
except TypeError as e:
    print(e)
try:
    json.dumps(float('nan'), allow_nan=False)
except ValueError as e:
    print(e)
print(json.dumps({'x': set()}, default=sorted) if False else json.dumps({'x': {3, 1}}, default=sorted))
print(json.dumps({'a': 1}, skipkeys=True), json.dumps({(1,): 1, 'b': 2}, skipkeys=True))
