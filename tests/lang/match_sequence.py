# match: sequence patterns on lists, tuples, ranges; fixed lengths and nesting
def shape(v):
    match v:
        case []:
            return "empty"
        case [x]:
            return f"one: {x}"
        case [x, y]:
            return f"two: {x}, {y}"
        case (x, y, z):
            return f"three: {x} {y} {z}"
        case [[a, b], [c, d]]:
            return f"2x2: {a}{b}{c}{d}"
        case _:
            return "other"

for v in [[], (), [1], (1,), [1, 2], (1, 2), [1, 2, 3], range(3), [[1, 2], [3, 4]],
          [[1, 2], [3]], "ab", b"ab", bytearray(b"ab"), {1: 2}, {1, 2}, 5, iter([1])]:
    print(type(v).__name__, repr(v)[:12], "->", shape(v))

# tuple and list syntax in patterns both match any sequence type
match (1, 2):
    case [a, b]:
        print("tuple matched list syntax", a, b)
match [1, 2]:
    case (a, b):
        print("list matched tuple syntax", a, b)

# open sequence at the top of a case
match 1, "x":
    case n, s:
        print("open sequence", n, s)

# nested mixed
data = [("add", 1, 2), ("neg", 5), ("mul", 3, 4), ("bad",)]
for op in data:
    match op:
        case ("add", x, y):
            print("add ->", x + y)
        case ("mul", x, y):
            print("mul ->", x * y)
        case ("neg", x):
            print("neg ->", -x)
        case _:
            print("unknown op", op)

# a list subclass and a tuple subclass are sequences
class L(list):
    pass

class T(tuple):
    pass

match L([1, 2]):
    case [a, b]:
        print("list subclass", a, b)
match T((3,)):
    case [a]:
        print("tuple subclass", a)

# str subclasses are not sequences for match
class S(str):
    pass

match S("ab"):
    case [a, b]:
        print("str subclass matched?!")
    case _:
        print("str subclass is not a sequence")
