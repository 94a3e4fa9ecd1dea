# match: or-patterns; alternatives are tried left to right and must bind the same names
def f(v):
    match v:
        case 0 | 1 | 2:
            return "small"
        case "a" | "b":
            return "letter"
        case [x] | (x, _):
            return f"first {x}"
        case {"k": x} | {"key": x}:
            return f"key {x}"
        case int() | float():
            return "number"
        case None | True | False:
            return "constant"
    return "other"

for v in [0, 2, 3, "a", "c", [5], (6, 7), [1, 2, 3], {"k": 1}, {"key": 2}, 2.5, None,
          False, []]:
    print(repr(v), f(v))

# nested or-patterns
match [1, "x"]:
    case [(1 | 2) as n, ("x" | "y") as s]:
        print("nested", n, s)

# the last alternative may be irrefutable (when no other alternative binds a name)
match 99:
    case 1 | _:
        print("fallback")

# side effects show the order: alternatives compare left to right
class Probe:
    def __init__(self, tag):
        self.tag = tag
    def __eq__(self, other):
        print("  compare", self.tag)
        return self.tag == other

class NS:
    a = Probe("a")
    b = Probe("b")
    c = Probe("c")

match "b":
    case NS.a | NS.b | NS.c:
        print("matched b")
