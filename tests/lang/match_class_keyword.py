# match: class patterns with keyword sub-patterns (attribute lookups)
class User:
    def __init__(self, name, role, active=True):
        self.name = name
        self.role = role
        self.active = active

def describe(u):
    match u:
        case User(role="admin", name=n):
            return f"admin {n}"
        case User(active=False):
            return "inactive user"
        case User(name=str(n), role=r) if r in ("dev", "ops"):
            return f"engineer {n} ({r})"
        case User():
            return "some user"
        case object(__class__=cls):
            return f"a {cls.__name__}"

for u in [User("ann", "admin"), User("bob", "dev", False), User("cy", "ops"),
          User("di", "sales"), 5, "s"]:
    print(describe(u))

# a missing attribute is a failed match, not an error
class Empty:
    pass

match Empty():
    case Empty(missing=_):
        print("matched?!")
    case _:
        print("missing attribute: no match")

# properties and class attributes are found too
class Circle:
    kind = "shape"
    def __init__(self, r):
        self.r = r
    @property
    def area(self):
        return 3 * self.r * self.r

match Circle(2):
    case Circle(kind="shape", area=a, r=r):
        print("circle", r, a)

# positional and keyword together
class P:
    __match_args__ = ("a",)
    def __init__(self, a, b):
        self.a = a
        self.b = b

match P(1, 2):
    case P(1, b=b):
        print("b is", b)

# an attribute raising something other than AttributeError propagates
class Bad:
    @property
    def boom(self):
        raise ValueError("boom!")

try:
    match Bad():
        case Bad(boom=_):
            pass
except ValueError as e:
    print("ValueError:", e)

# an attribute raising AttributeError is just a failed match
class Missing:
    @property
    def gone(self):
        raise AttributeError("nope")

match Missing():
    case Missing(gone=_):
        print("matched?!")
    case Missing():
        print("AttributeError means no match")
