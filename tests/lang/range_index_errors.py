r = range(5)
try:
    r[5]
except IndexError as e:
    print(e)
try:
    r['a']
except TypeError as e:
    print(e)
try:
    r.index(7)
except ValueError as e:
    print(e)
print(r[-5], r[True])
