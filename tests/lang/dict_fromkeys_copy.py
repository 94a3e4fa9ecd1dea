d = dict.fromkeys(['a', 'b'], [])
d['a'].append(1)
print(d)
c = d.copy()
c['a'] = 0
print(d, c)
print(dict.fromkeys(range(3), 'x'), dict.fromkeys(''))
