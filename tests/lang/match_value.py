# match: value patterns (dotted names) compare with ==
import enum

class Color(enum.Enum):
    RED = 1
    GREEN = 2
    BLUE = 3

class Const:
    ANSWER = 42
    NAME = "krait"

    class Inner:
        DEEP = (1, 2)

def which(v):
    match v:
        case Color.RED:
            return "red"
        case Color.GREEN | Color.BLUE:
            return "green or blue"
        case Const.ANSWER:
            return "the answer"
        case Const.NAME:
            return "the name"
        case Const.Inner.DEEP:
            return "deep tuple"
        case _:
            return "unknown"

for v in [Color.RED, Color.GREEN, Color.BLUE, 42, 42.0, "krait", (1, 2), [1, 2], 1]:
    print(v, "->", which(v))

class Eq:
    def __init__(self, n):
        self.n = n
    def __eq__(self, other):
        print("  __eq__ called with", other)
        return other == self.n

class Holder:
    pass

Holder.target = Eq(5)

match 5:
    case Holder.target:
        print("matched through __eq__")

# the subject is on the right: subject == value is value.__eq__(subject)? no: value == subject
class Loud:
    def __eq__(self, other):
        print("  Loud.__eq__", type(other).__name__)
        return NotImplemented

Holder.loud = Loud()
match 3:
    case Holder.loud:
        print("loud matched")
    case _:
        print("loud did not match")
