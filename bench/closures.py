# Closures and higher-order functions: counters built from nested functions with nonlocal,
# lambdas passed to map/filter/sorted, functools.reduce and default arguments.
from functools import reduce


def make_counter(step):
    n = 0

    def inc():
        nonlocal n
        n += step
        return n

    return inc


def compose(f, g):
    return lambda x: f(g(x))


def main():
    total = 0
    for rep in range(120):
        counters = [make_counter(s) for s in range(1, 50)]
        for _ in range(200):
            for c in counters:
                total += c() & 7
        f = compose(lambda x: x + 1, lambda x: x * 2)
        total += sum(map(f, range(5000)))
        total += len(list(filter(lambda x: x % 3 == 0, range(5000))))
        total += reduce(lambda a, b: (a * 31 + b) % 1000003, range(5000), 0)
        total += sorted(range(2000), key=lambda x: -x)[0]
    print(total)


main()
