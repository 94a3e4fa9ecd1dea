d = {'x': 1, 'y': 2}
for k, v in d.items():
    print(k, v)
print(sorted(d.items(), key=lambda kv: -kv[1]))
print(dict(sorted(d.items(), reverse=True)))
