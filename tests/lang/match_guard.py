# match: guards run after the pattern binds, only when it matched; a false guard moves on
log = []

def check(tag, result):
    log.append(tag)
    return result

def f(v):
    match v:
        case [x, y] if check(("g1", x, y), x > y):
            return "descending"
        case [x, y] if check(("g2", x, y), x == y):
            return "equal"
        case [x, y]:
            return "ascending"
        case int(n) if n % 2 == 0:
            return "even"
        case int(n) if n < 0 and check(("neg", n), True):
            return "negative odd"
        case int():
            return "odd"
        case _ if check(("last",), False):
            return "never"
    return "fell through"

for v in [[2, 1], [1, 1], [1, 2], 4, -3, 5, "s"]:
    log.clear()
    print(repr(v), f(v), log)

# a guard may use names bound by the pattern even when it fails later cases
match 10:
    case n if n > 100:
        print("big")
    case n if n > 5:
        print("medium", n)

# a guard with a walrus
match [3, 4]:
    case [a, b] if (total := a + b) > 5:
        print("total", total)

# an exception in a guard propagates
try:
    match 0:
        case n if 1 / n:
            pass
except ZeroDivisionError as e:
    print("guard raised:", e)
