from abc import ABC, ABCMeta, abstractmethod, abstractproperty
import abc

class Shape(ABC):
    @abstractmethod
    def area(self): ...
    @abstractmethod
    def perimeter(self): ...
    def describe(self):
        return type(self).__name__ + " with area " + str(self.area())

try:
    Shape()
except TypeError as e:
    print("TypeError:", e)
class Half(Shape):
    def area(self): return 1
try:
    Half()
except TypeError as e:
    print("TypeError:", e)
class Square(Half):
    def __init__(self, s): self.s = s
    def area(self): return self.s ** 2
    def perimeter(self): return 4 * self.s
sq = Square(3)
print(sq.describe(), sq.perimeter(), isinstance(sq, Shape), issubclass(Square, Shape))
print(sorted(Shape.__abstractmethods__), sorted(Half.__abstractmethods__), Square.__abstractmethods__)
print(type(Shape), type(Square).__name__)

class Base(metaclass=ABCMeta):
    @property
    @abstractmethod
    def name(self): ...
    @classmethod
    @abstractmethod
    def make(cls): ...
    @staticmethod
    @abstractmethod
    def helper(): ...
print(sorted(Base.__abstractmethods__))
class Impl(Base):
    @property
    def name(self): return "impl"
    @classmethod
    def make(cls): return cls()
    @staticmethod
    def helper(): return 42
print(Impl.make().name, Impl.helper())

class Drawable(ABC):
    @classmethod
    def __subclasshook__(cls, C):
        if cls is Drawable:
            if any("draw" in B.__dict__ for B in C.__mro__):
                return True
        return NotImplemented
class Circle:
    def draw(self): return "o"
class Blob: pass
print(isinstance(Circle(), Drawable), issubclass(Blob, Drawable), issubclass(Circle, Drawable))

class Sized2(ABC): pass
Sized2.register(list)
@Sized2.register
class Mine: pass
print(isinstance([], Sized2), issubclass(list, Sized2), isinstance(Mine(), Sized2), isinstance({}, Sized2), Mine.__name__)
class SubList(list): pass
print(issubclass(SubList, Sized2), abc.get_cache_token() > 0)
try:
    Sized2.register(3)
except TypeError as e:
    print("TypeError:", e)

class Plugin(ABC):
    @abstractmethod
    def run(self, x): """Run it."""
class Doubler(Plugin):
    def run(self, x): return 2 * x
print(Doubler().run(21), Plugin.run.__isabstractmethod__, hasattr(Doubler.run, "__isabstractmethod__"))
class WithInit(ABC):
    def __init__(self, v):
        self.v = v
    @abstractmethod
    def get(self): ...
class WI(WithInit):
    def get(self): return self.v
print(WI(5).get())
class Later(ABC):
    def go(self): ...
Later.go = abstractmethod(Later.go)
abc.update_abstractmethods(Later)
try:
    Later()
except TypeError as e:
    print("TypeError:", e)
