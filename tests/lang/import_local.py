# import (next issue): a .py module next to the script, imported once and cached.
import _helper_module
import _helper_module as h
from _helper_module import greet, VALUE as V
print(_helper_module.VALUE, h is _helper_module, greet("x"), V, h.Thing.kind, h.__name__)
import sys
print("_helper_module" in sys.modules)
