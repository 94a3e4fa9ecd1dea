# T.__new__ of builtin types (bound tp_new wrappers) and object.__new__ refusing builtins
for t in (int, list, dict, str, tuple, float, bytes, type, set, Exception):
  try: object.__new__(t)
  except TypeError as e: print(e)
  else: print(t, 'ok')
class I(int):
    def __new__(cls, v):
        return super().__new__(cls, v * 2)
print(I(4), type(I(4)).__name__, int.__new__(I, 7), type(int.__new__(I, 7)).__name__)
class S(str): pass
print(repr(str.__new__(S, 'x')), tuple.__new__(tuple, [1, 2]), float.__new__(float, '1.5'))
for args in [(int, 1), (str,), (1,)]:
    try: print(int.__new__(*args))
    except TypeError as e: print(e)
try: int.__new__()
except TypeError as e: print(e)
class E(ValueError):
    def __new__(cls, *a):
        self = super().__new__(cls, *a)
        self.extra = 1
        return self
print(repr(E(3)), E(3).extra, Exception.__new__(E, 5).args)
print(int.__new__ is int.__new__, int.__new__ == int.__new__, bool.__new__(bool, 1))
print(dict.__new__(dict), list.__new__(list), set.__new__(set))
