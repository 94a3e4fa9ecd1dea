print("init _pkg_basic", __name__)
pkg_value = "pv"
from . import sub as _sub_alias
