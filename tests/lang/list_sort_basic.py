l = [5, 2, 9, 1, 5, 6]
l.sort()
print(l)
l.sort(reverse=True)
print(l)
words = ['banana', 'Apple', 'cherry', 'apple', 'Banana']
print(sorted(words))
print(sorted(words, key=str.lower))
print(sorted(words, key=len, reverse=True))
pairs = [(1, 'b'), (0, 'z'), (1, 'a'), (0, 'a')]
print(sorted(pairs))
print(sorted(pairs, key=lambda p: p[1]))
print(sorted([3.5, 1, 2.25, -1]))
print(sorted(range(10), key=lambda x: x % 3))
print(sorted(range(10), key=lambda x: x % 3, reverse=True))
try:
    [1, 'a'].sort()
except TypeError as e:
    print(e)
try:
    sorted([1], 1)
except TypeError as e:
    print(e)
l = []
l.sort()
print(l, sorted(()), sorted('hello'), sorted({3: 1, 1: 2}))
l = [3, 1, 2]
print(l.sort(), l)
