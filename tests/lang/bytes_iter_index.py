b = b"\x00\x10\xff"
print([x for x in b], b[0], b[-1], b[1:2], b[5:], list(enumerate(b)), b.index(255), b.index(b"\x10"))
it = iter(b)
print(next(it), next(it), next(it), next(it, None))
try: b[3]
except IndexError as e: print(type(e).__name__, e)
try: b["x"]
except TypeError as e: print(type(e).__name__, e)
