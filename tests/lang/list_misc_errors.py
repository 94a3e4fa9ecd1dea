l = [1, 2, 3]
try:
    l[5] = 1
except IndexError as e:
    print(e)
try:
    del l[5]
except IndexError as e:
    print(e)
try:
    l.insert()
except TypeError as e:
    print(e)
try:
    l.append(1, 2)
except TypeError as e:
    print(e)
try:
    l.index()
except TypeError as e:
    print(e)
try:
    hash(l)
except TypeError as e:
    print(e)
try:
    l.extend(5)
except TypeError as e:
    print(e)
try:
    l.sort(1)
except TypeError as e:
    print(e)
try:
    l.foo
except AttributeError as e:
    print(e)
print(l.index(3, -1), l.index(2, 0, 5))
try:
    l.index(1, 1, 2)
except ValueError as e:
    print(e)
del l[0]
print(l)
l[-1] = 'x'
print(l)
