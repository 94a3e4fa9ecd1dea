l = list(range(8))
print(l.pop(-3), l.pop(2), l.pop(), l)
try:
    l.pop(10)
except IndexError as e:
    print(e)
try:
    l.pop('a')
except TypeError as e:
    print(e)
