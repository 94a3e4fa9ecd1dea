# match: what counts as a sequence or a mapping (collections.abc, registration)
import collections
import collections.abc

class MySeq(collections.abc.Sequence):
    def __init__(self, *items):
        self._items = items
    def __len__(self):
        return len(self._items)
    def __getitem__(self, i):
        return self._items[i]

class Registered:
    def __len__(self):
        return 2
    def __getitem__(self, i):
        if i >= 2:
            raise IndexError
        return "r%d" % i

collections.abc.Sequence.register(Registered)

class Plain:
    def __len__(self):
        return 2
    def __getitem__(self, i):
        return i

class MyMap(collections.abc.Mapping):
    def __getitem__(self, k):
        if k == "a":
            return 1
        raise KeyError(k)
    def __len__(self):
        return 1
    def __iter__(self):
        return iter(["a"])

def kind(v):
    match v:
        case [x, y]:
            return f"sequence of 2: {x}, {y}"
        case [*items]:
            return f"sequence {items}"
        case {"a": a}:
            return f"mapping a={a}"
        case {}:
            return "mapping"
        case _:
            return "neither"

for v in [MySeq(1, 2), MySeq(), Registered(), Plain(), MyMap(), collections.deque([1, 2]),
          collections.deque(), range(2), memoryview(b"ab") if False else (), "ab", b"ab",
          bytearray(b"ab"), {1: 2}.keys(), {1, 2}, iter([1, 2])]:
    print(type(v).__name__, "->", kind(v))
