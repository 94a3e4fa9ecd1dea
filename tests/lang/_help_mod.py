"""A module for help().

It has classes, functions and data."""

__all__ = ['Shape', 'Square', 'area', 'LIMIT', 'names']

LIMIT = 10
names = ['a', 'b']
_private = 1


class Shape:
    """A shape."""

    def area(self):
        """Its area."""
        return 0


class Square(Shape):
    def __init__(self, side):
        self.side = side

    def area(self):
        return self.side ** 2


def area(shape):
    """The area of shape."""
    return shape.area()
