try:
    import _imp_plain.sub
except ImportError as e:
    print(type(e).__name__, e, e.name)
try:
    from _imp_plain import sub
except ImportError as e:
    print(type(e).__name__, e.name)
try:
    from _pkg_rel import nope
except ImportError as e:
    print(type(e).__name__, e.name)
try:
    import _pkg_rel.nope
except ImportError as e:
    print(type(e).__name__, e, e.name)
