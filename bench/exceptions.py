# Exceptions in loops: raise and catch across calls, try/finally, custom exception classes,
# a with-statement context manager, and the EAFP dict idiom.
class Miss(Exception):
    def __init__(self, key):
        super().__init__(key)
        self.key = key


def lookup(d, k):
    if k not in d:
        raise Miss(k)
    return d[k]


class Counter:
    def __init__(self):
        self.enters = 0

    def __enter__(self):
        self.enters += 1
        return self

    def __exit__(self, *exc):
        return False


def main():
    d = {i: i * 3 for i in range(0, 1000, 2)}
    misses = hits = fin = 0
    c = Counter()
    for rep in range(400):
        for k in range(1000):
            try:
                hits += lookup(d, k)
            except Miss as e:
                misses += e.key & 1
            finally:
                fin += 1
            with c:
                try:
                    d[k + 1]
                except KeyError:
                    pass
    print(hits, misses, fin, c.enters)


main()
