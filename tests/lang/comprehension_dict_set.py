# Dict and set comprehensions, and generator expressions consumed by builtins.
print({x: x ** 2 for x in range(6)})
print({k: v for k, v in zip("abc", [1, 2, 3]) if v != 2})
print({v: k for k, v in {"a": 1, "b": 2, "c": 1}.items()})
print({x % 7 for x in range(50)}, {(x, -x) for x in range(2)} == {(0, 0), (1, -1)})
print({n: [i for i in range(n)] for n in range(4)})
print(sum(x * x for x in range(100)), max(len(w) for w in ["a", "abc", "ab"]), any(x > 5 for x in [1, 9]))
print(all(x for x in [1, 2, 0]), list(x for x in "hi"), tuple(i for i in range(3)), sorted(-x for x in {3, 1}))
print(dict((i, str(i)) for i in range(3)), set(c for c in "mississippi") == {"m", "i", "s", "p"})
g = (x * 2 for x in range(3))
print(next(g), next(g), list(g), list(g))
words = ["apple", "bob", "apple", "cat", "bob", "apple"]
freq = {w: words.count(w) for w in words}
print(freq, {w for w in words if freq[w] > 1} == {"apple", "bob"})
print({i: {j: i * j for j in range(2)} for i in range(2)})
print(", ".join(str(i) for i in range(5)), min((v, k) for k, v in freq.items()))
