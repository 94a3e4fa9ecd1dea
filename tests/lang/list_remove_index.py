l = list('abcabc')
l.remove('b')
print(l, l.index('c'), l.index('c', 3))
for x in [9, 'z']:
    try:
        l.remove(x)
    except ValueError as e:
        print(e)
