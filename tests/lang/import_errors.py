# import (next issue): missing modules and names.
try:
    import no_such_module_anywhere
except ModuleNotFoundError as e:
    print("ModuleNotFoundError:", e, e.name)
try:
    from math import no_such_name
except ImportError as e:
    print("ImportError:", str(e).split(" (")[0], e.name)
try:
    from _helper_module import missing_thing
except ImportError as e:
    print("ImportError:", e)
import no_such_module_uncaught
