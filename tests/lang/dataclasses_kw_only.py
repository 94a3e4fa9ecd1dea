# dataclasses: kw_only=True, field(kw_only=True) and the KW_ONLY sentinel
from dataclasses import dataclass, field, KW_ONLY, fields

@dataclass(kw_only=True)
class Config:
    host: str
    port: int = 80

print(Config(host="h"), Config(port=1, host="x"))
try:
    Config("h", 80)
except TypeError as e:
    print("TypeError:", e)

@dataclass
class Mixed:
    a: int
    _: KW_ONLY
    b: int = 2
    c: int = 3

print(Mixed(1, c=9), [(f.name, f.kw_only) for f in fields(Mixed)])

@dataclass
class PerField:
    x: int
    y: int = field(default=0, kw_only=True)
    z: int = 5

print(PerField(1, 2, y=3))
try:
    PerField(1, 2, 3)
except TypeError as e:
    print("TypeError:", e)

# a keyword-only field without a default may follow fields with defaults
@dataclass
class Order:
    a: int = 1
    b: int = field(kw_only=True)

print(Order(b=2), Order(5, b=6))
