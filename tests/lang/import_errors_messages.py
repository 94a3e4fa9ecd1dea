try:
    import no_such_module_xyz
except ModuleNotFoundError as e:
    print(type(e).__name__, e, e.name)
try:
    import _pkg_basic.nosuch
except ImportError as e:
    print(type(e).__name__, e)
try:
    from _imp_mod_a import nothing
except ImportError as e:
    print(type(e).__name__, e)
try:
    from sys import nothing
except ImportError as e:
    print(type(e).__name__, e)
try:
    import _imp_mod_a.sub
except ModuleNotFoundError as e:
    print(e)
try:
    from no_such_pkg.x import y
except ImportError as e:
    print(e)
print(issubclass(ModuleNotFoundError, ImportError))
