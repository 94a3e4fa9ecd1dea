import sys
try:
    import _imp_cfa
except ImportError as e:
    print(type(e).__name__, e)
    print(e.name)
print("_imp_cfa" in sys.modules, "_imp_cfb" in sys.modules)
