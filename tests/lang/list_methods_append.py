l = []
for i in range(5):
    l.append(i * i)
print(l)
l.extend([7, 8])
l.extend((9,))
l.extend(range(2))
l.extend("ab")
print(l)
l.insert(0, -1)
l.insert(100, 'end')
l.insert(-100, 'start')
l.insert(-1, 'pen')
print(l)
print(l.pop(), l.pop(0), l.pop(-2))
print(l)
try:
    [].pop()
except IndexError as e:
    print(e)
try:
    [1].pop(5)
except IndexError as e:
    print(e)
l = [1, 2, 3, 2, 1]
l.remove(2)
print(l)
try:
    l.remove(9)
except ValueError as e:
    print(e)
print(l.index(1), l.index(1, 1), l.count(1), l.count(9))
try:
    l.index(9)
except ValueError as e:
    print(e)
l.clear()
print(l)
l = [3, 1, 2]
m = l.copy()
m.reverse()
print(l, m)
