print(repr(slice(1, 'a', None)), slice(1) == slice(None, 1), slice(1, 2) < slice(1, 3))
try:
    hash(slice(1))
except TypeError as e:
    print(e)
