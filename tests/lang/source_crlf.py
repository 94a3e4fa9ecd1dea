# CRLF line endings.
x = 1
if x:
    print("crlf ok")
s = """a
b"""
print(repr(s))
