# dataclasses: fields(), Field attributes, MISSING, defaults and the generated __init__ signature
from dataclasses import dataclass, field, fields, MISSING, is_dataclass

@dataclass
class Item:
    name: str
    qty: int = 0
    tags: list = field(default_factory=list, repr=False, compare=False)
    note: str = field(default="", metadata={"unit": "text"})

for f in fields(Item):
    print(f.name, f.type.__name__, f.default is MISSING, f.default_factory is MISSING,
          f.repr, f.compare, f.init, dict(f.metadata))
print(is_dataclass(Item), is_dataclass(Item("a")), is_dataclass(3))
print(Item("x"), Item("y", 2, ["t"], "n"))
print(fields(Item("z"))[0].name)
try:
    fields(3)
except TypeError as e:
    print("TypeError:", e)
try:
    Item()
except TypeError as e:
    print("TypeError:", e)
try:
    Item("a", 1, [], "n", 5)
except TypeError as e:
    print("TypeError:", e)
