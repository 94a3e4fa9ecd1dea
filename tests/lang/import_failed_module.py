import sys
try:
    import _imp_raises
except ValueError as e:
    print("ValueError", e)
print("_imp_raises" in sys.modules)
try:
    import _imp_raises
except ValueError as e:
    print("again", e)
