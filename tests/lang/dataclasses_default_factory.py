# dataclasses: mutable defaults are refused, default_factory gives each instance its own
from dataclasses import dataclass, field

for default in ([], {}, set()):
    try:
        @dataclass
        class Bad:
            x: object = default
    except ValueError as e:
        print("ValueError:", e)

calls = []
def make():
    calls.append(1)
    return {"n": len(calls)}

@dataclass
class Good:
    items: list = field(default_factory=list)
    meta: dict = field(default_factory=make)

a, b = Good(), Good()
a.items.append(1)
print(a, b, len(calls))
print(Good([5], {"given": True}), len(calls))
try:
    @dataclass
    class Both:
        x: list = field(default=[], default_factory=list)
except ValueError as e:
    print("ValueError:", e)

# a tuple or frozenset default is fine
@dataclass
class Immutable:
    t: tuple = (1, 2)
    f: frozenset = frozenset()

print(Immutable())
