d = {'a': [1, 2, {'b': (3, None)}], 'c': {'d': {}}, 1: 'x\ny', 'q': "it's"}
print(d)
print(repr(d) == str(d))
r = {}
r['self'] = r
print(r)
l = [r]
print(l)
print({1: 1.0, 2: 1e100, 3: -0.0, 4: True})
print(str({'k': 'v'}), repr({'k': "v'"}))
