print(list(map(abs, [-1, 2, -3])), list(map(pow, [2, 3], [3, 2])), list(map(lambda a, b, c: a + b + c, 'ab', 'cd', 'efg')))
print(list(filter(None, [0, 1, '', 'a', None, [], [0]])), list(filter(lambda x: x > 2, range(6))))
m = map(str, range(3))
print(next(m), list(m), list(m))
try:
    map(abs)
except TypeError as e:
    print(e)
try:
    list(map(abs, ['a']))
except TypeError as e:
    print(e)
try:
    filter(None, 5)
except TypeError as e:
    print(e)
print(type(map(abs, [])).__name__, type(filter(None, [])).__name__)
print(sum(map(len, ['ab', 'c'])), ''.join(filter(str.isdigit, 'a1b2c3')))
