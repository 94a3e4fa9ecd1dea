# match: star patterns in sequence patterns
def parts(v):
    match v:
        case [*all]:
            if not all:
                return "empty star"
            if len(all) == 1:
                return f"just {all}"
            if len(all) > 5:
                return f"many {all}"
            return "skip"
    return "not a sequence"

print(parts([]), parts([1]), parts(list(range(7))), parts("abc"))

def ends(v):
    match v:
        case [first, *middle, last]:
            return f"first={first} middle={middle} last={last}"
        case [only]:
            return f"only={only}"
        case []:
            return "nothing"

for v in [[1], [1, 2], [1, 2, 3], (1, 2, 3, 4), range(5), []]:
    print(repr(v), ends(v))

def head_tail(v):
    match v:
        case [h, *t]:
            return h, t
    return None

print(head_tail([1, 2, 3]), head_tail((9,)), head_tail([]))

def init_last(v):
    match v:
        case [*init, last]:
            return init, last
    return None

print(init_last([1, 2, 3]), init_last("no"), init_last([0]))

# star wildcards index the subject instead of unpacking it
class Seq:
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n
    def __getitem__(self, i):
        if i < 0 or i >= self.n:
            raise IndexError(i)
        print("  getitem", i)
        return i * 10

import collections.abc
collections.abc.Sequence.register(Seq)

match Seq(6):
    case [a, b, *_, y, z]:
        print("wild star:", a, b, y, z)

match Seq(3):
    case [*_, last]:
        print("last:", last)

match Seq(1):
    case [_, _, *_]:
        print("too short matched?!")
    case [*_]:
        print("any sequence")

# star captures are lists even for tuple subjects
match (1, 2, 3):
    case (*rest, _):
        print(type(rest).__name__, rest)
