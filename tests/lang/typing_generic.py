from typing import Generic, TypeVar, Protocol, runtime_checkable, NamedTuple, TypedDict, List, Optional, Dict, Iterator, get_type_hints, overload, NewType, Any
import typing

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")

class Stack(Generic[T]):
    def __init__(self) -> None:
        self.items: List[T] = []
    def push(self, item: T) -> None:
        self.items.append(item)
    def pop(self) -> T:
        return self.items.pop()

s = Stack[int]()
s.push(1); s.push(2)
print(s.pop(), s.items, Stack.__parameters__, Stack[int], type(s).__name__)
print(Stack.__mro__)

class Pair(Generic[K, V]):
    def __init__(self, k: K, v: V):
        self.k, self.v = k, v
print(Pair[str, int], Pair.__parameters__, Pair("a", 1).v)
class IntPair(Pair[int, V]): pass
print(IntPair.__parameters__, IntPair[str])
try:
    Stack[int, str]
except TypeError as e:
    print("TypeError:", e)

class Point(NamedTuple):
    x: int
    y: int = 0
    def norm(self) -> int:
        return abs(self.x) + abs(self.y)
p = Point(3, -4)
print(p, p.x, p.y, p.norm(), Point(1), p._asdict(), p._replace(x=9), Point._fields)
print(isinstance(p, tuple), Point.__annotations__, Point._field_defaults)
a, b = p
print(a, b, p == (3, -4), len(p))
Emp = NamedTuple("Emp", [("name", str), ("id", int)])
print(Emp("bob", 3), Emp._fields)
try:
    class Bad(NamedTuple):
        x: int = 1
        y: int
except TypeError as e:
    print("TypeError:", e)

class Movie(TypedDict):
    name: str
    year: int
class Partial(TypedDict, total=False):
    title: str
m = Movie(name="Blade Runner", year=1982)
print(m, type(m), Movie.__annotations__, sorted(Movie.__required_keys__), Partial.__total__, sorted(Partial.__optional_keys__))
M2 = TypedDict("M2", {"a": int, "b": str})
print(M2(a=1, b="x"), M2.__annotations__, typing.is_typeddict(Movie), typing.is_typeddict(dict))

@runtime_checkable
class Closable(Protocol):
    def close(self) -> None: ...
class F:
    def close(self): pass
class G: pass
print(isinstance(F(), Closable), isinstance(G(), Closable), issubclass(F, Closable))
class NotRT(Protocol):
    def meth(self) -> int: ...
try:
    isinstance(F(), NotRT)
except TypeError as e:
    print("TypeError:", e)
try:
    Closable()
except TypeError as e:
    print("TypeError:", e)
class Impl(Closable):
    def close(self): return "closed"
print(Impl().close())
print(isinstance(3, typing.SupportsInt), isinstance("x", typing.SupportsInt), isinstance(3.5, typing.SupportsFloat))

class Node:
    def __init__(self, val: int, nxt: "Optional[Node]" = None):
        self.val = val
    def children(self) -> "List[Node]":
        return []
print(get_type_hints(Node.__init__))
print(get_type_hints(Node.children))
class C:
    a: int
    b: "str"
    c: Optional["C"] = None
print(get_type_hints(C))

@overload
def area(x: int) -> int: ...
@overload
def area(x: float) -> float: ...
def area(x):
    return x * x
print(area(3), area(1.5))
UserId = NewType("UserId", int)
print(UserId, UserId(5), UserId.__supertype__, UserId.__name__)
def gen() -> Iterator[int]:
    yield 1
print(list(gen()), gen.__annotations__)
try:
    class X(Generic): pass
except TypeError as e:
    print("TypeError:", e)
try:
    Generic[int]
except TypeError as e:
    print("TypeError:", e)
