# dataclasses: make_dataclass with names, (name, type) and (name, type, field) specs
from dataclasses import make_dataclass, field, fields, asdict

Point = make_dataclass("Point", ["x", ("y", int), ("z", int, field(default=5))])
p = Point(1, 2)
print(p, [(f.name, f.default if f.name == 'z' else '-') for f in fields(Point)], Point.__name__)

Shape = make_dataclass("Shape", [("sides", int)], bases=(object,),
                       namespace={"describe": lambda self: f"{self.sides} sides"},
                       frozen=True, order=True)
print(Shape(3).describe(), Shape(3) < Shape(4), hash(Shape(3)) == hash(Shape(3)))
print(asdict(p))
try:
    make_dataclass("Bad", [("x", int), ("x", int)])
except TypeError as e:
    print("TypeError:", e)
try:
    make_dataclass("Bad", ["class"])
except TypeError as e:
    print("TypeError:", e)
