d = {}
d.update([('a', 1)], b=2)
d.update({'c': 3}.items())
d.update(zip('xy', [8, 9]))
print(d)
try:
    d.update([(1,)])
except ValueError as e:
    print(e)
try:
    d.update({}, {})
except TypeError as e:
    print(e)
