d = {"name": "x", "n": 3, "f": 2.5}
print("%(name)s has %(n)d items costing %(f).2f" % d, "%(n)05d|%(name)-4s|" % d, "%(f)e" % d)
try: "%(missing)s" % d
except KeyError as e: print(type(e).__name__, e)
try: "%(name)s %s" % d
except TypeError as e: print(type(e).__name__, e)
print("%s" % d["name"], "%%(x)s" % ())
