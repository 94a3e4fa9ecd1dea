# List comprehensions: filters, nesting, multiple for clauses, scoping.
print([x * x for x in range(10)])
print([x for x in range(30) if x % 3 == 0 if x % 2 == 0])
print([(x, y) for x in range(3) for y in range(x)])
print([[x * y for y in range(4)] for x in range(3)])
print([c.upper() for c in "hello" if c not in "l"])
print([x if x % 2 else -x for x in range(8)])
matrix = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
print([row[i] for i in range(3) for row in matrix], [[row[i] for row in matrix] for i in range(3)])
print([v for row in matrix for v in row if v % 2], sum([len(r) for r in matrix]))
x = "outer"
print([x for x in "ab"], x)
n = 10
print([n * i for i in range(3)], [(lambda: i)() for i in range(3)])
print([i for i in []], [[] for _ in range(2)], [y for x in [[1], [2, 3]] for y in x])
print([a + b for a, b in zip([1, 2], [10, 20])], [k for k, v in {"p": 1, "q": 0}.items() if v])
print([f"{i}:{j}" for i, j in enumerate("xy")], [(i, s) for i, s in enumerate([[1], [2]]) for _ in s])
print([x for x in range(5) if (y := x * 2) > 4], y)
