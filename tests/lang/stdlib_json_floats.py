import json
for f in [0.0, 1.0, 1e16, 1e-5, 123.456, 2.5e-300, 1/3]:
    print(json.dumps(f), json.loads(json.dumps(f)) == f)
print(json.loads('1.0e+2'), json.loads('-0'), json.loads('-0.0'))
