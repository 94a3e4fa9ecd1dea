# list.sort and sorted: stability, key, reverse, mixed int/float, errors.
people = [("amy", 31), ("bob", 25), ("cat", 31), ("dan", 25), ("eve", 40), ("fay", 25)]
print(sorted(people, key=lambda p: p[1]))
print(sorted(people, key=lambda p: p[1], reverse=True))
print(sorted(people, key=lambda p: (-p[1], p[0])))
nums = [5, -2.5, 3, 0, -7, 2 ** 70, 1.5, True, -0.0]
print(sorted(nums), sorted(nums, key=abs), sorted(nums, reverse=True))
words = ["banana", "Apple", "cherry", "apple", "Banana", "date"]
print(sorted(words), sorted(words, key=str.lower), sorted(words, key=len), sorted(words, key=lambda w: w[::-1]))
r = list(range(100))
r2 = [(i * 37) % 101 for i in range(100)]
r2.sort(); print(r2 == sorted(r2), r2[:10], r2[-5:])
big = [(i * 7919) % 1000 for i in range(1000)]
print(sum(sorted(big)[::100]), sorted(big, reverse=True)[:5], sorted(set(big)) == list(range(1000)))
print(sorted([]), sorted([1]), sorted("cba"), sorted((3, 1, 2)), sorted({3: 1, 1: 2}), sorted(range(5, 0, -1)))
print(sorted([[2, 1], [1, 2], [1], [2]]), sorted([(1, "b"), (1, "a"), (0, "z")]))
try:
    sorted([1, "a", 2])
except TypeError as e:
    print("TypeError:", e)
try:
    [3, None].sort()
except TypeError as e:
    print("TypeError:", e)
try:
    sorted([1, 2], key=lambda x: x.nope)
except AttributeError as e:
    print("AttributeError:", e)
a = [3, 1, 2]
print(a.sort(), a, sorted(a, key=None, reverse=False))
