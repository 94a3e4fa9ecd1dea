l = list(range(10))
print(l[2:5], l[:3], l[7:], l[-3:], l[:-7])
print(l[::2], l[1::3], l[::-1], l[::-3], l[8:2:-2])
print(l[100:], l[-100:2], l[5:2], l[2:5:-1])
print(l[slice(1, 4)], l[slice(None, None, 4)])
try:
    l[::0]
except ValueError as e:
    print(e)
try:
    l['a']
except TypeError as e:
    print(e)
try:
    l[1.5]
except TypeError as e:
    print(e)
print(l[True], l[-1])
try:
    l[10]
except IndexError as e:
    print(e)
class I:
    def __index__(self):
        return 3
print(l[I()], l[I():7])
