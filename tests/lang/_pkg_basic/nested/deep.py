from .. import pkg_value
from ..helper import helpval as hv
deep = "deep:" + pkg_value + str(hv)
