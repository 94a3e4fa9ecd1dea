# sys.getsizeof (CPython sizes of the core types, __sizeof__) and sys.implementation
import sys
for v in [0, 1, 2**30, 2**60, -5, 2**100, 1.5, True, False, None, '', 'abc', 'é', '€', '\U0001F600', b'', b'ab', (), (1, 2)]:
    print(repr(v)[:10], sys.getsizeof(v))
class S:
    def __sizeof__(self): return 100
print(sys.getsizeof(S()))
class Bad:
    def __sizeof__(self): return -1
try: sys.getsizeof(Bad())
except ValueError as e: print(e)
print(type(sys.implementation.name).__name__, type(sys.implementation.version).__name__, sys.implementation.version >= (0,))
print(isinstance(sys.getsizeof([]), int), isinstance(sys.getsizeof({}), int))
