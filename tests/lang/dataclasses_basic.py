from dataclasses import dataclass, field, fields, asdict, astuple, replace, is_dataclass, FrozenInstanceError, InitVar, KW_ONLY, make_dataclass, MISSING
from typing import List, Optional, ClassVar

@dataclass
class Point:
    x: int
    y: int = 0

p = Point(1, 2)
print(p, Point(3), p == Point(1, 2), p != Point(1, 3), p == (1, 2))
print(Point.__doc__, Point.__match_args__, Point.__hash__)
try:
    Point()
except TypeError as e:
    print("TypeError:", e)
try:
    Point(1, 2, 3)
except TypeError as e:
    print("TypeError:", e)
print(Point(y=5, x=4))

@dataclass
class Inventory:
    name: str
    tags: List[str] = field(default_factory=list)
    count: int = field(default=0, repr=False)
    secret: str = field(default="s", compare=False)
    kind: ClassVar[str] = "inv"

a = Inventory("a"); b = Inventory("a")
a.tags.append("x")
print(a, b, a.tags is b.tags, Inventory.kind, a == Inventory("a", ["x"], 0, "other"))
print([f.name for f in fields(Inventory)], fields(a)[1].default_factory is list)
print(asdict(a), astuple(a))

@dataclass(frozen=True)
class Frozen:
    a: int
    b: str = "b"
f = Frozen(1)
try:
    f.a = 2
except FrozenInstanceError as e:
    print("FrozenInstanceError:", e, isinstance(e, AttributeError))
try:
    del f.b
except FrozenInstanceError as e:
    print("FrozenInstanceError:", e)
print(hash(f) == hash(Frozen(1)), {f: 1}[Frozen(1, "b")], replace(f, b="c"), f)

@dataclass(order=True)
class Version:
    major: int
    minor: int = 0
vs = [Version(1, 2), Version(0, 9), Version(1, 0)]
print(sorted(vs), Version(1) < Version(1, 1), Version(2) >= Version(1, 5), max(vs))
try:
    Version(1) < 3
except TypeError as e:
    print("TypeError:", e)

@dataclass
class WithPost:
    a: int
    b: int = field(init=False)
    scale: InitVar[int] = 1
    def __post_init__(self, scale):
        self.b = self.a * scale
w = WithPost(3, scale=4)
print(w, w.b, fields(w)[1].init)
try:
    replace(w, b=1)
except ValueError as e:
    print("ValueError:", e)

try:
    @dataclass
    class Bad:
        a: int = 1
        b: int
except TypeError as e:
    print("TypeError:", e)
try:
    @dataclass
    class Mut:
        a: list = []
except ValueError as e:
    print("ValueError:", e)

@dataclass
class Base:
    x: int
    y: int = 1
@dataclass
class Derived(Base):
    z: int = 2
    x: int = 10
print(Derived(), Derived(1, 2, 3), [f.name for f in fields(Derived)])

@dataclass(eq=False)
class NoEq:
    a: int
print(NoEq(1) == NoEq(1), NoEq.__hash__ is object.__hash__)
@dataclass(unsafe_hash=True)
class UH:
    a: int
    b: list = field(default_factory=list, hash=False)
print(hash(UH(1)) == hash(UH(1, [2])))
@dataclass(repr=False)
class NoRepr:
    a: int
print(repr(NoRepr(1)).startswith("<__main__.NoRepr object at"))

@dataclass
class KW:
    a: int
    _: KW_ONLY
    b: int = 2
    c: int = 3
print(KW(1, c=5), KW.__match_args__)
try:
    KW(1, 2)
except TypeError as e:
    print("TypeError:", e)
@dataclass(kw_only=True)
class AllKW:
    a: int
    b: int = 0
print(AllKW(a=1))

@dataclass
class Tree:
    val: int
    kids: List["Tree"] = field(default_factory=list)
t = Tree(1, [Tree(2), Tree(3, [Tree(4)])])
print(t)
print(asdict(t))
print(astuple(t))
print(is_dataclass(t), is_dataclass(Tree), is_dataclass(3), is_dataclass(int))
C = make_dataclass("C", [("x", int), ("y", int, field(default=5))], namespace={"total": lambda self: self.x + self.y})
c = C(1)
print(c, c.total(), fields(C)[1].default)
@dataclass
class Selfish:
    self: int
print(Selfish(3))
print(asdict(Point(1, 2), dict_factory=lambda items: sorted(items, reverse=True)))
try:
    asdict(3)
except TypeError as e:
    print("TypeError:", e)
try:
    fields(3)
except TypeError as e:
    print("TypeError:", e)
@dataclass
class Rec:
    name: str
    other: Optional["Rec"] = None
r = Rec("a"); r.other = r
print(r)
print(field(default=1).default, MISSING is not None)
