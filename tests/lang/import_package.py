import _pkg_basic
print(_pkg_basic.pkg_value)
import _pkg_basic.sub
print(_pkg_basic.sub.hello(), _pkg_basic.sub.helpval)
import _pkg_basic.nested.deep as d
print(d.deep, d.__name__)
from _pkg_basic import sub, helper
print(sub.hello(), helper.helpval)
from _pkg_basic.nested import deep
print(deep is d)
import sys
print(sorted(k for k in sys.modules if k.startswith("_pkg_basic")))
print(_pkg_basic.nested.NESTED, _pkg_basic.__package__, d.__package__)
print(hasattr(_pkg_basic, "__path__"), hasattr(sub, "__path__"))
