# Counts too large for memory: MemoryError (or an empty result) at once, never a crash.
import itertools

for f in [lambda: list(itertools.combinations([], 2 ** 62)),
          lambda: list(itertools.combinations([1, 2], 2 ** 61)),
          lambda: list(itertools.combinations_with_replacement([], 2 ** 62)),
          lambda: list(itertools.product([1], [2], [3], [4], repeat=2 ** 62)),
          lambda: list(itertools.product([1], repeat=2 ** 62)),
          lambda: [1, 2] * 2 ** 62,
          lambda: (1, 2) * 2 ** 62,
          lambda: b'ab' * 2 ** 62,
          lambda: 'ab' * 2 ** 62,
          lambda: bytearray(b'ab') * 2 ** 62,
          lambda: [None] * (2 ** 63 - 1),
          lambda: list(itertools.islice(itertools.combinations(range(4), 2), 3)),
          lambda: list(itertools.combinations(range(3), 4))]:
    try:
        r = f()
        print(type(r).__name__, len(r), r[:3])
    except (MemoryError, OverflowError) as e:
        print(type(e).__name__)
x = [1, 2]
try:
    x *= 2 ** 62
except MemoryError:
    print('MemoryError', x)
b = bytearray(b'xy')
try:
    b *= 2 ** 62
except MemoryError:
    print('MemoryError', b)
