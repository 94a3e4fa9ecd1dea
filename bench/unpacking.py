# Tuple and list unpacking, swaps, star-unpacking, enumerate/zip loops and small tuples as
# dict keys: the idioms of everyday loop code.
def main():
    pairs = [(i, i * 2) for i in range(1000)]
    total = 0
    for rep in range(300):
        for a, b in pairs:
            a, b = b, a
            total += a - b
        for i, (a, b) in enumerate(pairs):
            total += i & a
        for x, y in zip(range(1000), range(1000, 2000)):
            first, *rest = (x, y, x + y)
            total += first + len(rest)
        grid = {}
        for i in range(30):
            for j in range(30):
                grid[i, j] = i * j
        total += sum(grid[i, i] for i in range(30))
    print(total)


main()
