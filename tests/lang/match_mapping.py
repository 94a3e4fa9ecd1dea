# match: mapping patterns with literal and value keys, **rest, extra keys allowed
def handle(event):
    match event:
        case {"type": "click", "x": x, "y": y}:
            return f"click at {x},{y}"
        case {"type": "key", "key": k, **mods}:
            return f"key {k} with {sorted(mods.items())}"
        case {"type": t}:
            return f"unknown event {t}"
        case {}:
            return "some mapping"
        case _:
            return "not a mapping"

for e in [{"type": "click", "x": 1, "y": 2, "extra": 0}, {"type": "key", "key": "a"},
          {"type": "key", "key": "b", "shift": True, "alt": False}, {"type": "scroll"},
          {"x": 1}, {}, [("type", "click")], "type", None]:
    print(handle(e))

class Keys:
    A = "a"
    B = 2

match {"a": 1, 2: "two", None: 0, True: "yes", -1: "neg", b"b": "bytes"}:
    case {Keys.A: one, Keys.B: two, None: z, True: t, -1: n, b"b": bb}:
        print(one, two, z, t, n, bb)

# **rest is a new dict without the matched keys
d = {"k": 1, "a": 2, "b": 3}
match d:
    case {"k": _, **rest}:
        print(rest, rest is d)
match d:
    case {**everything}:
        print(everything, everything == d, everything is d)

# defaultdict: the pattern uses get(), so no key is created
import collections
import collections.abc
dd = collections.defaultdict(list)
match dd:
    case {"missing": _}:
        print("matched?!")
    case _:
        print("no match, keys:", list(dd))

# OrderedDict and Counter are mappings
match collections.OrderedDict(a=1, b=2):
    case {"b": b, **rest}:
        print("ordered", b, rest)
match collections.Counter("aab"):
    case {"a": n}:
        print("counter a", n)

# a collections.abc.Mapping subclass
class Cfg(collections.abc.Mapping):
    def __init__(self, **kw):
        self._d = kw
    def __getitem__(self, k):
        return self._d[k]
    def __len__(self):
        return len(self._d)
    def __iter__(self):
        return iter(self._d)

match Cfg(host="h", port=80):
    case {"host": h, "port": p, **others}:
        print("cfg", h, p, others)

# a value that is None is still a present key
match {"v": None}:
    case {"v": None}:
        print("None value matched")
