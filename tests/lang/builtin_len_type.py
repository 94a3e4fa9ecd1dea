# len, type, isinstance, issubclass, callable, and the type objects themselves.
print(len(""), len("日本"), len([1, 2]), len((1,)), len({1: 2}), len({1, 2, 3}), len(range(10)), len(b"ab"))
for v in [1, 1.5, True, None, "s", [], (), {}, set(), frozenset(), range(1), len, print, int, lambda: 0, b""]:
    print(type(v).__name__, type(v))
print(type(int), type(type), isinstance(int, type), isinstance(3, (str, int)), isinstance(3, (str, list)))
print(isinstance(True, int), isinstance(1.0, int), isinstance([], (list, tuple)), isinstance(None, type(None)))
print(issubclass(int, object), issubclass(bool, (str, int)), issubclass(list, list), issubclass(dict, list))
print(callable(len), callable(int), callable("s"), callable(lambda: 1), callable(None), callable(type))
print(type(1) == int, type(True) == int, type("a")("x"), type(5)("7"), type([])("ab"))
for bad in [lambda: len(5), lambda: len(None), lambda: isinstance(1, 2), lambda: issubclass(1, int), lambda: len()]:
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
print(int.__name__, str.__name__, list.__name__, type(None).__name__, object.__name__)
