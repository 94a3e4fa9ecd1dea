a = bytearray(b"ab")
for f in [lambda: a.append("x"), lambda: a.insert(0, "x"), lambda: a.__setitem__(0, "x"), lambda: a.__setitem__(slice(0, 1), 5),
          lambda: a.remove(b"a"), lambda: a.pop(5), lambda: bytearray("x"), lambda: bytearray([1.0]), lambda: a.__setitem__(9, 1),
          lambda: a.__delitem__(9)]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
print(a)
