def noisy(n):
    for i in range(n):
        print("yield", i)
        yield i
m = map(lambda x: x * 10, noisy(2))
print("map made")
print(next(m))
print(list(m))
f = filter(None, [0, 1, "", "a", None, []])
print(list(f))
z = zip(noisy(3), "ab")
print(list(z))
print(list(zip()), list(map(pow, [2, 3], [3, 2])))
e = enumerate("abc", 1)
print(next(e), list(e))
r = reversed([1, 2, 3])
print(list(r), list(reversed("ab")), list(reversed(range(3))))
