s = "abcdefghij"
print(s[2:5], s[:3], s[7:], s[-3:], s[:-3], s[::2], s[::-1], s[1::3], s[8:2:-2])
print(s[100:], s[-100:2], repr(s[5:2]), s[::-3])
u = "héllo wörld"
print(u[1:4], u[::-1], u[-5:], u[::2])
print(s[slice(1, 3)], s[slice(None, None, -1)])
try: s[::0]
except ValueError as e: print(type(e).__name__, e)
try: s[20]
except IndexError as e: print(type(e).__name__, e)
try: s["a"]
except TypeError as e: print(type(e).__name__, e)
print(s[-1], s[0], u[1], u[-1])
