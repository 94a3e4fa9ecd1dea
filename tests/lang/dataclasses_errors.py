# dataclasses: definition-time errors CPython raises
from dataclasses import dataclass, field

def attempt(label, make):
    try:
        make()
        print(label, "ok")
    except (TypeError, ValueError, AttributeError) as e:
        print(label, type(e).__name__ + ":", e)

def no_default_after_default():
    @dataclass
    class C:
        a: int = 1
        b: int

def field_without_annotation():
    @dataclass
    class C:
        a = field(default=1)

def bad_option():
    dataclass(bogus=True)

def order_without_eq():
    @dataclass(order=True, eq=False)
    class C:
        a: int

def defines_lt_with_order():
    @dataclass(order=True)
    class C:
        a: int
        def __lt__(self, other):
            return True

def frozen_from_non_frozen():
    @dataclass
    class A:
        x: int
    @dataclass(frozen=True)
    class B(A):
        y: int

for name, fn in list(globals().items()):
    if callable(fn) and name not in ("attempt", "dataclass", "field"):
        attempt(name, fn)
