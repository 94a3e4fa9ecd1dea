m = __import__("_imp_plain")
print(m.__name__)
p = __import__("_pkg_rel.m")
print(p.__name__)
p2 = __import__("_pkg_rel.m", fromlist=["M"])
print(p2.__name__)
import sys
print(sys.modules["_imp_plain"] is m)
