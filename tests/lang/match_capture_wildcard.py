# match: capture patterns bind, the wildcard does not
def f(v):
    match v:
        case 0:
            return "zero"
        case other:
            return f"captured {other!r}"

print(f(0), f(5), f("s"), f(None))

def g(v):
    match v:
        case _:
            return "wildcard"

print(g(1), g([1]))

_ = "untouched"
match 42:
    case _:
        pass
print(_)

match [1, 2, 3]:
    case [x, _, _]:
        print("x =", x)

# names bound by a case are ordinary locals afterwards
def h():
    match (1, 2):
        case (first, second):
            pass
    return first + second

print(h())

# a capture in a module scope is a global
match "global":
    case gname:
        pass
print(gname)

class K:
    match 3:
        case attr:
            pass

print(K.attr)

# capturing into a closure cell
def outer():
    match 7:
        case cell:
            pass
    def inner():
        return cell * 2
    return inner()

print(outer())
