from dataclasses import dataclass, field


@dataclass
class Point:
    """A point."""
    x: int
    y: int = 0

    def norm(self) -> float:
        """Its length."""
        return (self.x ** 2 + self.y ** 2) ** 0.5


@dataclass(frozen=True, order=True)
class Item:
    name: str
    tags: list = field(default_factory=list)


help(Point)
help(Point.__init__)
help(Item)
help(Point(1).norm)
print(Point.__init__.__annotations__)
