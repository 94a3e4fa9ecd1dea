from .m import *
X = 1
