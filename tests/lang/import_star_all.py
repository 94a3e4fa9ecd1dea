from _imp_mod_all import *
print(pub, also)
try:
    notlisted
except NameError as e:
    print(e)
from _imp_mod_noall import *
print(x, y, fn())
try:
    _z
except NameError as e:
    print(e)
try:
    _sys
except NameError as e:
    print(e)
from _imp_mod_all import notlisted, _hidden
print(notlisted, _hidden)
