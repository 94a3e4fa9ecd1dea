# dataclasses: which __hash__ the decorator leaves (eq, frozen, unsafe_hash)
from dataclasses import dataclass, field

@dataclass
class EqOnly:
    x: int

@dataclass(frozen=True)
class Frozen:
    x: int
    y: int = field(default=0, hash=False)

@dataclass(unsafe_hash=True)
class Unsafe:
    x: int
    y: list = field(default_factory=list, compare=False)

@dataclass(eq=False)
class NoEq:
    x: int

@dataclass
class Explicit:
    x: int
    def __hash__(self):
        return 42

print(EqOnly.__hash__)
try:
    hash(EqOnly(1))
except TypeError as e:
    print("TypeError:", e)
print(hash(Frozen(1, 2)) == hash(Frozen(1, 3)), hash(Frozen(1)) == hash((1,)))
print(hash(Unsafe(1, [1])) == hash(Unsafe(1, [2])))
print(NoEq.__hash__ is object.__hash__)
print(hash(Explicit(1)))
try:
    @dataclass(unsafe_hash=True)
    class Conflict:
        x: int
        def __hash__(self):
            return 1
except TypeError as e:
    print("TypeError:", e)
