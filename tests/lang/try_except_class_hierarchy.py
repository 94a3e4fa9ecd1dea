class Base(Exception): pass
class Mid(Base): pass
class Leaf(Mid): pass
for exc in (Base, Mid, Leaf):
    try:
        raise exc("m")
    except Leaf:
        print("Leaf")
    except Mid:
        print("Mid")
    except Base:
        print("Base")
try:
    raise Leaf
except (ValueError, Mid) as e:
    print("tuple", type(e).__name__)
def raiser():
    raise Leaf("deep")
try:
    raiser()
except Exception as e:
    print(isinstance(e, Base), e.args)
