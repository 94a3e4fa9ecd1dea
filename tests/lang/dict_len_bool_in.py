d = {'a': None}
print(len(d), bool(d), bool({}), 'a' in d, None in d, 'a' in d.keys(), None in d.values())
