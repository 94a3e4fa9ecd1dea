# `from m import *` where sys.modules["m"] is not a module: a class or an instance (its
# __dict__'s public names, read with getattr, or its __all__); no __dict__: ImportError
import sys


class M:
    x = "a1"
    _hidden = 1

    def __init__(self):
        self.x = "a2"

    @property
    def prop(self):
        return "p"


sys.modules["fake_mod"] = M
from fake_mod import *
print(x, sorted(k for k in dir() if not k.startswith("_")))
sys.modules["fake_mod"] = M()
from fake_mod import *
print(x)


class N:
    __all__ = ("y",)
    x = "b1"
    y = "b2"


sys.modules["fake_mod"] = N
x = None
from fake_mod import *
print(x, y)
sys.modules["fake_mod"] = 1
try:
    from fake_mod import *
except ImportError as e:
    print("ImportError", e)
