# dataclasses: asdict and astuple recurse into dataclasses, lists, tuples and dicts
from dataclasses import dataclass, field, asdict, astuple
from collections import namedtuple

Pair = namedtuple("Pair", "a b")

@dataclass
class Inner:
    x: int
    y: list = field(default_factory=list)

@dataclass
class Outer:
    name: str
    inner: Inner
    items: list
    mapping: dict
    pair: tuple

o = Outer("o", Inner(1, [2, 3]), [Inner(4)], {"k": Inner(5)}, Pair(Inner(6), 7))
print(asdict(o))
print(astuple(o))
d = asdict(o)
d["inner"]["y"].append(99)
print(o.inner.y)
print(asdict(Inner(1), dict_factory=lambda kv: sorted(kv)))
print(astuple(Inner(2, [1]), tuple_factory=list))
try:
    asdict(5)
except TypeError as e:
    print("TypeError:", e)
try:
    astuple(Inner)
except TypeError as e:
    print("TypeError:", e)
