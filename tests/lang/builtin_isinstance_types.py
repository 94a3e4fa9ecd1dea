print(isinstance(1, int), isinstance(True, int), isinstance(1, (str, int)), isinstance([], (tuple, (list,))))
print(issubclass(bool, int), issubclass(int, object), issubclass(list, (str, list)))
print(type([]) is list, type(()) is tuple, type({}) is dict, type(set()) is set, type(range(1)) is range)
print(list.__name__, dict.__name__, frozenset.__name__, slice.__name__, range.__name__)
print(isinstance({}.keys(), object), callable(len), callable(1), callable(list))
try:
    isinstance(1, 1)
except TypeError as e:
    print(e)
print(type(len).__name__, type([].append).__name__)
