"""abc for krait: abstract base classes (ABCMeta, ABC, abstractmethod and friends,
register, __subclasshook__), written from the documented behaviour of CPython 3.11
(docs.python.org/3.11/library/abc.html). Instantiating a class that still has abstract
methods raises the TypeError CPython raises; krait checks it in ABCMeta.__call__."""

__all__ = ["ABCMeta", "ABC", "abstractmethod", "abstractclassmethod",
           "abstractstaticmethod", "abstractproperty", "get_cache_token",
           "update_abstractmethods"]


def abstractmethod(funcobj):
    """A decorator indicating abstract methods."""
    funcobj.__isabstractmethod__ = True
    return funcobj


class abstractclassmethod(classmethod):
    """A decorator indicating abstract classmethods (deprecated)."""
    __isabstractmethod__ = True

    def __init__(self, callable):
        callable.__isabstractmethod__ = True
        super().__init__(callable)


class abstractstaticmethod(staticmethod):
    """A decorator indicating abstract staticmethods (deprecated)."""
    __isabstractmethod__ = True

    def __init__(self, callable):
        callable.__isabstractmethod__ = True
        super().__init__(callable)


class abstractproperty(property):
    """A decorator indicating abstract properties (deprecated)."""
    __isabstractmethod__ = True


def _is_abstract(value):
    if getattr(value, "__isabstractmethod__", False):
        return True
    # krait's property, classmethod and staticmethod do not forward __isabstractmethod__
    if isinstance(value, property):
        return any(getattr(f, "__isabstractmethod__", False)
                   for f in (value.fget, value.fset, value.fdel))
    if isinstance(value, (classmethod, staticmethod)):
        return getattr(value.__func__, "__isabstractmethod__", False)
    return False


_abc_invalidation_counter = [0]


def get_cache_token():
    """A token that changes whenever an ABC's virtual subclasses change."""
    return _abc_invalidation_counter[0]


def _compute_abstracts(cls):
    abstracts = {name for name, value in cls.__dict__.items() if _is_abstract(value)}
    for base in cls.__bases__:
        for name in getattr(base, "__abstractmethods__", ()):
            value = getattr(cls, name, None)
            if _is_abstract(value):
                abstracts.add(name)
    return frozenset(abstracts)


class ABCMeta(type):
    """Metaclass for defining Abstract Base Classes (ABCs)."""

    def __new__(mcls, name, bases, namespace, /, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        cls.__abstractmethods__ = _compute_abstracts(cls)
        cls._abc_registry = []
        cls._abc_cache = set()
        cls._abc_negative_cache = set()
        cls._abc_negative_cache_version = _abc_invalidation_counter[0]
        return cls

    def __call__(cls, *args, **kwargs):
        abstracts = cls.__dict__.get("__abstractmethods__") or \
            getattr(cls, "__abstractmethods__", ())
        if abstracts:
            names = sorted(abstracts)
            raise TypeError("Can't instantiate abstract class " + cls.__name__ +
                            " with abstract method" + ("s " if len(names) > 1 else " ") +
                            ", ".join(names))
        return super().__call__(*args, **kwargs)

    def register(cls, subclass):
        """Register a virtual subclass of an ABC. Returns the subclass, to allow usage as
        a class decorator."""
        if not isinstance(subclass, type):
            raise TypeError("Can only register classes")
        if issubclass(subclass, cls):
            return subclass
        if issubclass(cls, subclass):
            raise RuntimeError("Refusing to create an inheritance cycle")
        cls._abc_registry.append(subclass)
        _abc_invalidation_counter[0] += 1
        return subclass

    def __instancecheck__(cls, instance):
        subclass = instance.__class__
        if subclass in cls._abc_cache:
            return True
        subtype = type(instance)
        if subtype is subclass:
            if (cls._abc_negative_cache_version == _abc_invalidation_counter[0] and
                    subclass in cls._abc_negative_cache):
                return False
            return cls.__subclasscheck__(subclass)
        return any(cls.__subclasscheck__(c) for c in (subclass, subtype))

    def __subclasscheck__(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError("issubclass() arg 1 must be a class")
        if subclass in cls._abc_cache:
            return True
        if cls._abc_negative_cache_version < _abc_invalidation_counter[0]:
            cls._abc_negative_cache = set()
            cls._abc_negative_cache_version = _abc_invalidation_counter[0]
        elif subclass in cls._abc_negative_cache:
            return False
        ok = cls.__subclasshook__(subclass)
        if ok is not NotImplemented:
            if ok:
                cls._abc_cache.add(subclass)
            else:
                cls._abc_negative_cache.add(subclass)
            return ok
        if cls in subclass.__mro__:
            cls._abc_cache.add(subclass)
            return True
        for rcls in cls._abc_registry:
            if issubclass(subclass, rcls):
                cls._abc_cache.add(subclass)
                return True
        for scls in cls.__subclasses_list__():
            if issubclass(subclass, scls):
                cls._abc_cache.add(subclass)
                return True
        cls._abc_negative_cache.add(subclass)
        return False

    def __subclasses_list__(cls):
        return [c for c in _abc_classes if cls in c.__bases__]

    def _dump_registry(cls, file=None):
        print("Class: " + cls.__module__ + "." + cls.__qualname__, file=file)
        print("Inv. counter: " + str(get_cache_token()), file=file)

    def _abc_registry_clear(cls):
        cls._abc_registry = []

    def _abc_caches_clear(cls):
        cls._abc_cache = set()
        cls._abc_negative_cache = set()


_abc_classes = []
_abc_new = ABCMeta.__new__


def _abc_new_tracking(mcls, name, bases, namespace, /, **kwargs):
    cls = _abc_new(mcls, name, bases, namespace, **kwargs)
    _abc_classes.append(cls)
    return cls


ABCMeta.__new__ = _abc_new_tracking


def update_abstractmethods(cls):
    """Recalculate the set of abstract methods of an abstract class."""
    if not hasattr(cls, "__abstractmethods__"):
        return cls
    cls.__abstractmethods__ = _compute_abstracts(cls)
    return cls


class ABC(metaclass=ABCMeta):
    """Helper class that provides a standard way to create an ABC using inheritance."""
    __slots__ = ()

    @classmethod
    def __subclasshook__(cls, subclass):
        return NotImplemented


def _default_subclasshook(cls, subclass):
    return NotImplemented


ABCMeta.__subclasshook__ = classmethod(_default_subclasshook)
