import pydoc


def plain_func(a, b=2, *args, c, d=4, **kw):
    """Add things.

        Indented continuation.
    Last line."""


def annotated(x: int, y: str = 'a', /, z: list = None, *, w: float = 1.5) -> bool:
    "One line."
    return True


# A comment that documents
# the function below.
def commented(p, q):
    pass


async def coro(n):
    """A coroutine."""


def posonly(a, b, /):
    pass


def kwonly(*, key=None):
    pass


lam = lambda x, y=1: x


class Base:
    """The base class.

    It has a longer description."""

    base_attr = 'text'

    def shared(self):
        """Documented in Base."""

    def overridden(self):
        """Base's version."""


class Child(Base):
    """A child."""

    numbers = list(range(30))
    mapping = {i: str(i) for i in range(12)}
    long_text = 'x' * 150

    def __init__(self, value, *, flag=False):
        self.value = value

    def overridden(self):
        pass

    @property
    def value2(self):
        """Twice the value."""
        return self.value * 2

    @value2.setter
    def value2(self, v):
        self.value = v / 2

    @classmethod
    def make(cls, n: int = 0):
        """Build one."""
        return cls(n)

    @staticmethod
    def helper(a, b):
        return a + b

    alias = overridden


class NoDoc:
    pass


class WithSlots:
    __slots__ = ('a', 'b')


help(plain_func)
help(annotated)
help(commented)
help(coro)
help(posonly)
help(kwonly)
help(lam)
help(Base)
help(Child)
help(NoDoc)
help(Child.make)
help(Child().helper if False else Child.helper)
help(Child(1).overridden)
help(Child.value2)
print(pydoc.getdoc(Child.overridden))
print(pydoc.describe(Child), pydoc.describe(plain_func), pydoc.describe(pydoc))
print(repr(pydoc.splitdoc('Line.\n\nRest of it.')))
print(pydoc.render_doc(plain_func, 'Doc: %s').splitlines()[0])
