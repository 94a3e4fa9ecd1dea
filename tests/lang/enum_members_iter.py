# enum: iteration, len, membership, reversed, name/value access and class attributes
from enum import Enum

class Planet(Enum):
    MERCURY = (3.303e+23, 2.4397e6)
    EARTH = (5.976e+24, 6.37814e6)

    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius

    @property
    def gravity(self):
        return 6.673e-11 * self.mass / (self.radius * self.radius)

for p in Planet:
    print(p.name, p.value, round(p.gravity, 2))
print(len(Planet), list(reversed(Planet)), Planet.EARTH in Planet)
print(Planet["EARTH"].mass, Planet((3.303e+23, 2.4397e6)))
print(type(Planet.EARTH), isinstance(Planet.EARTH, Planet))
print([m.name for m in Planet.__members__.values()])
