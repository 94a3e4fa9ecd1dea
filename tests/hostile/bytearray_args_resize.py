# bytearray methods whose arguments' __index__ resizes the receiver (or a bytearray needle).
# CPython 3.11 takes the buffer before converting the arguments and reads freed memory, so
# it cannot be the reference: each result is checked against the same call on a copy of
# the contents left after the mutation, with plain int arguments.


class Act:
    """An index that runs `act` (once) and then converts to `value`."""

    def __init__(self, value, act):
        self.value, self.act = value, act

    def __index__(self):
        self.act()
        return self.value


def grow(b, extra):
    return lambda: b.extend(extra)


def check(name, build, call):
    """build() -> (receiver, index that mutates it, plain value); call(x, i) -> result."""
    b, idx, value = build()
    got = call(b, idx)
    want = call(bytearray(b), value)  # b is in its final state now
    assert got == want, (name, got, want)


base = b'abc' * 4
cases = [
    ('find start grows', lambda b, i: b.find(b'c', i), 1, lambda b: grow(b, b'abc' * 2000)),
    ('find end shrinks', lambda b, i: b.find(b'c', 0, i), 11, lambda b: b.clear),
    ('count start grows', lambda b, i: b.count(b'c', i), 0, lambda b: grow(b, b'c' * 5000)),
    ('count end shrinks', lambda b, i: b.count(b'a', 0, i), 9, lambda b: (lambda: b.__delitem__(slice(3, None)))),
    ('index int needle grows', lambda b, i: b.index(i), 99, lambda b: grow(b, b'c' * 5000)),
    ('rfind start shrinks', lambda b, i: b.rfind(b'a', i), 0, lambda b: b.clear),
    ('rfind end grows', lambda b, i: b.rfind(b'a', 0, i), 100, lambda b: grow(b, b'a' * 5000)),
    ('rindex end grows', lambda b, i: b.rindex(b'a', 0, i), 100, lambda b: grow(b, b'a' * 5000)),
    ('startswith grows', lambda b, i: b.startswith(b'ab', i), 0, lambda b: grow(b, b'z' * 5000)),
    ('endswith end shrinks', lambda b, i: b.endswith(b'bc', 0, i), 12, lambda b: b.clear),
    ('endswith end grows', lambda b, i: b.endswith(b'zz', 0, i), 5000, lambda b: grow(b, b'z' * 5000)),
    ('replace count grows', lambda b, i: b.replace(b'a', b'XYZ', i), 2000, lambda b: grow(b, b'a' * 5000)),
    ('replace count shrinks', lambda b, i: b.replace(b'a', b'XYZ', i), 3, lambda b: b.clear),
    ('in shrinks', lambda b, i: i in b, 99, lambda b: b.clear),
    ('in grows', lambda b, i: i in b, 122, lambda b: grow(b, b'z' * 5000)),
    ('repeat grows', lambda b, i: b * i, 3, lambda b: grow(b, b'q' * 5000)),
    ('repeat shrinks', lambda b, i: b * i, 3, lambda b: b.clear),
    ('getitem start grows', lambda b, i: b[i:], 1, lambda b: grow(b, b'x' * 5000)),
    ('getitem step shrinks', lambda b, i: b[1:11:i], 2, lambda b: b.clear),
]
for name, call, value, action in cases:
    def build(value=value, action=action):
        b = bytearray(base)
        return b, Act(value, action(b)), value
    check(name, build, call)


# a bytearray needle resized by the end argument's __index__
def needle_case():
    n = bytearray(b'c')
    b = bytearray(b'abc' * 4)
    got = b.find(n, 0, Act(20, lambda: n.extend(b'Z' * 5000)))
    assert got == bytes(b).find(bytes(n), 0, 20), got
    n = bytearray(b'c')
    got = b.count(n, Act(0, lambda: n.extend(b'Z' * 5000)))
    assert got == 0, got
    got = b.replace(b'a', n, Act(1, lambda: n.extend(b'Y' * 3)))
    assert got == bytes(b).replace(b'a', bytes(n), 1), got


needle_case()

# b += b reads its own buffer after growing it (CPython raises BufferError instead)
b = bytearray(b'ab' * 10)
try:
    b += b
    assert b == bytearray(b'ab' * 20), b
except BufferError:
    pass
for k in range(12):
    b = bytearray(b'x' * (2 ** k + 1))
    b += b
    assert b == bytearray(b'x' * (2 ** (k + 1) + 2))
    b.extend(b)
    assert len(b) == 2 ** (k + 2) + 4
print('ok')
