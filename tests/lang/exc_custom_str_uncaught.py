class Weird(Exception):
    def __str__(self):
        return "weird message"
class Mod:
    class Inner(Exception): pass
try:
    raise Mod.Inner("x")
except Exception as e:
    print(type(e).__qualname__)
raise Weird(1, 2)
