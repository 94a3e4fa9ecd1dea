import _imp_mod_a
print(_imp_mod_a.value, _imp_mod_a.func(), _imp_mod_a.__name__)
import _imp_mod_a
import _imp_mod_a as alias
print(alias is _imp_mod_a)
import sys
print("_imp_mod_a" in sys.modules, sys.modules["_imp_mod_a"] is alias)
print(type(alias).__name__, repr(alias).startswith("<module '_imp_mod_a' from"))
from _imp_mod_a import value as v, func
print(v, func())
_imp_mod_a.value = 20
from _imp_mod_a import value
print(value)
print(sorted(k for k in dir(_imp_mod_a) if not k.startswith("__")))
print(_imp_mod_a.__file__.endswith("_imp_mod_a.py"))
