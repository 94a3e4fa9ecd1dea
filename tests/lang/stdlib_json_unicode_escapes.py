import json
for s in ['\x00', '\x1f', '\x7f', '\u2028', '\ud800' if False else 'x', 'tab\there', '\\', '/']:
    print(json.dumps(s), json.dumps(s, ensure_ascii=False))
print(json.loads('"\\u0041\\t"'))
