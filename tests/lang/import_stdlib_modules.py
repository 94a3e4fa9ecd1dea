import math, sys
import collections as col
from math import pi, sqrt
print(round(pi, 3), sqrt(4.0), math.__name__, col.__name__)
import os.path
print(os.path.join("a", "b"))
from os import path as p
print(p is os.path)
import sys as s2
print(s2 is sys)
print(type(sys.path).__name__, type(sys.modules).__name__)
