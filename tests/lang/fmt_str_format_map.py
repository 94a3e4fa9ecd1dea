print("{a}-{b}".format_map({"a": 1, "b": 2}))
class D(dict):
    def __missing__(self, k): return "<" + k + ">"
print("{a}-{zz}".format_map(D(a=1)))
try: "{a}".format_map({})
except KeyError as e: print(type(e).__name__, e)
print("{0:>{1}}".format("r", 3), "{:,}".format(10**9), "{:_}".format(10**9))
