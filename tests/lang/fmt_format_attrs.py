class P:
    x = 3
    y = [10, 20]
    d = {"k": "v"}
p = P()
print("{0.x} {0.y[1]} {0.d[k]} {p.x}".format(p, p=p), "{.x:>4}".format(p), "{[1]}".format("abc"), "{0[-1]}".format({"-1": "m"}))
try: "{0.zz}".format(p)
except AttributeError as e: print(type(e).__name__, e)
try: "{0[5]}".format([1])
except IndexError as e: print(type(e).__name__, e)
