# match: the TypeErrors and ValueErrors CPython raises while matching
def attempt(fn):
    try:
        print("result:", fn())
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)

class Point:
    __match_args__ = ("x", "y")
    def __init__(self):
        self.x = 1
        self.y = 2

def too_many():
    match Point():
        case Point(1, 2, 3):
            return "?"

def one_allowed():
    match 5:
        case int(1, 2):
            return "?"

class NoArgs:
    pass

def none_allowed():
    match NoArgs():
        case NoArgs(1):
            return "?"

class BadArgs:
    __match_args__ = ["x"]

def not_tuple():
    match BadArgs():
        case BadArgs(1):
            return "?"

class BadElems:
    __match_args__ = (1,)

def not_str():
    match BadElems():
        case BadElems(_):
            return "?"

def not_a_type():
    f = len
    match 3:
        case f():
            return "?"

def repeated():
    match Point():
        case Point(1, x=1):
            return "?"

class K:
    A = "a"
    B = "a"

def dup_key():
    match {"a": 1}:
        case {K.A: 1, K.B: 2}:
            return "?"

for fn in [too_many, one_allowed, none_allowed, not_tuple, not_str, not_a_type, repeated,
           dup_key]:
    attempt(fn)

# a failed isinstance check never looks at __match_args__
match 3:
    case BadArgs(1):
        print("?")
    case _:
        print("isinstance first: no error")

# len() of a sequence-like class that raises propagates
class BadLen(list):
    def __len__(self):
        raise RuntimeError("no len")

try:
    match BadLen([1]):
        case [x]:
            pass
except RuntimeError as e:
    print("RuntimeError:", e)
