import a
import a.b.c
import a as b, c.d as e
import   a . b
from a import b
from a import b as c, d
from a import (b, c)
from a import (b as c,
               d)
from . import a
from .. import a
from .a import b
from ...a.b import c
from .... import d
from . a import b
from a import *
