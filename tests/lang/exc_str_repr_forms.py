for e in [ValueError(), ValueError("x"), ValueError("x", 1), ValueError(None), KeyError("k"), KeyError(), IndexError(3)]:
    print(repr(e), "|", str(e), "|", e.args)
print(str(StopIteration(1)), repr(StopIteration()))
print(repr(SystemExit(1)), repr(GeneratorExit()))
class E(Exception):
    pass
print(repr(E("a")), E.__name__, E.__module__, E.__qualname__)
