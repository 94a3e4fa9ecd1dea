# Iterators and attribute lookups that raise part-way, next to ones that end normally: every
# consumer must tell "exhausted" / "absent" from "raised" (the three-way obj_next_item and
# obj_lookup_attr results) and pass the exception on unchanged.
import itertools, functools, math, random, io, collections


class Boom(Exception):
    pass


def gen(n, fail=True):
    for i in range(n):
        yield i
    if fail:
        raise Boom(f"after {n}")


def check(what, f):
    try:
        r = f()
    except Boom as e:
        print(what, "-> Boom", e)
    except Exception as e:
        print(what, "->", type(e).__name__, e)
    else:
        print(what, "=", r)


for fail in (False, True):
    print("--- fail", fail)
    check("set.update", lambda: (lambda s: (s.update(gen(3, fail)), sorted(s))[1])({9}))
    check("set.intersection", lambda: sorted({0, 1, 5}.intersection(gen(3, fail))))
    check("set.difference_update", lambda: (lambda s: (s.difference_update(gen(2, fail)), sorted(s))[1])({0, 1, 2}))
    check("set.issuperset", lambda: {0, 1, 2, 3}.issuperset(gen(3, fail)))
    check("set.isdisjoint", lambda: {7}.isdisjoint(gen(3, fail)))
    check("dict(pairs)", lambda: dict(((i, i * i) for i in gen(3, fail))))
    check("dict.update(pairs)", lambda: (lambda d: (d.update((i, -i) for i in gen(2, fail)), d)[1])({}))
    check("dict.fromkeys", lambda: dict.fromkeys(gen(3, fail), 0))
    check("keys & iter", lambda: sorted({0: 0, 1: 1, 5: 5}.keys() & gen(3, fail)))
    check("keys.isdisjoint", lambda: {9: 9}.keys().isdisjoint(gen(3, fail)))
    check("keys <= set", lambda: {0: 1}.keys() <= set(gen(3, fail)))
    check("min", lambda: min(gen(3, fail)))
    check("max key", lambda: max(gen(3, fail), key=lambda x: -x))
    check("sum", lambda: sum(gen(4, fail)))
    check("any", lambda: any(x > 5 for x in gen(3, fail)))
    check("all", lambda: all(x < 5 for x in gen(3, fail)))
    check("reduce", lambda: functools.reduce(lambda a, b: a + b, gen(4, fail)))
    check("math.fsum", lambda: math.fsum(gen(4, fail)))
    check("math.prod", lambda: math.prod(x + 1 for x in gen(4, fail)))
    check("random.choices", lambda: len(random.Random(1).choices("abc", cum_weights=list(gen(3, fail)))))
    check("writelines", lambda: (lambda f: (f.writelines(str(i) for i in gen(3, fail)), f.getvalue())[1])(io.StringIO()))
    check("Counter", lambda: sorted(collections.Counter(gen(3, fail)).items()))
    check("in (user iter)", lambda: 5 in type("C", (), {"__iter__": lambda self: gen(3, fail)})())
    check("chain", lambda: list(itertools.chain(gen(2, fail), [7])))
    check("chain.from_iterable", lambda: list(itertools.chain.from_iterable([[1], gen(2, fail)])))
    check("cycle", lambda: list(itertools.islice(itertools.cycle(gen(2, fail)), 5)))
    check("compress", lambda: list(itertools.compress(gen(3, fail), [1, 0, 1, 1])))
    check("islice", lambda: list(itertools.islice(gen(5, fail), 1, None, 2)))
    check("zip_longest", lambda: list(itertools.zip_longest(gen(2, fail), [1, 2, 3], fillvalue=-1)))
    check("pairwise", lambda: list(itertools.pairwise(gen(3, fail))))
    check("dropwhile", lambda: list(itertools.dropwhile(lambda x: x < 1, gen(3, fail))))

print("--- islice steps")
check("islice step 0", lambda: itertools.islice([], 0, 1, 0))
check("islice step -1", lambda: itertools.islice([], 0, 1, -1))
check("islice step 'a'", lambda: itertools.islice([], 0, 1, "a"))
check("islice step None", lambda: list(itertools.islice(range(5), 0, 5, None)))


class Keys:
    """An object whose attribute lookups raise something other than AttributeError."""

    def __init__(self, exc):
        self.exc = exc

    def __getattr__(self, name):
        if self.exc:
            raise self.exc(name)
        raise AttributeError(name)

    def __iter__(self):
        return iter([("k", 1)])


print("--- lookups")
check("dict.update(no keys)", lambda: (lambda d: (d.update(Keys(None)), d)[1])({}))
check("dict.update(keys raises)", lambda: {}.update(Keys(Boom)))


class Getter:
    def __call__(self, obj):
        return 1


class BadDocGetter(Getter):
    @property
    def __doc__(self):
        raise Boom("__doc__")


check("property(no doc)", lambda: type(property(Getter()).__doc__).__name__)
check("property(doc raises)", lambda: type(property(BadDocGetter())).__name__)


class Notes(Exception):
    def __getattr__(self, name):
        raise Boom(name)


e = Exception("x")
check("add_note", lambda: (e.add_note("n"), e.__notes__)[1])
check("add_note(__notes__ raises)", lambda: Notes().add_note("n"))


class HasBytes:
    def __bytes__(self):
        return b"B"


class BadBytes:
    def __getattr__(self, name):
        raise Boom(name)


check("%b __bytes__", lambda: b"%b" % HasBytes())
check("%b no __bytes__", lambda: b"%b" % 3)
check("%b lookup raises", lambda: b"%b" % BadBytes())

print("--- the VM's instructions")
import sys
from collections import deque


def unpack2(it):
    a, b = it
    return a, b


check("unpack ok", lambda: unpack2(gen(2, False)))
check("unpack short", lambda: unpack2(gen(1, False)))
check("unpack long", lambda: unpack2(gen(3, False)))
check("unpack raises", lambda: unpack2(gen(1)))
check("unpack raises at end", lambda: unpack2(gen(2)))


class NoKeys:
    pass


class KeysRaise:
    def __getattr__(self, name):
        raise Boom(name)


def kw(**k):
    return sorted(k)


check("**mapping", lambda: kw(**{"a": 1}))
check("**no keys", lambda: kw(**NoKeys()))
check("**keys raises", lambda: kw(**KeysRaise()))


class EntriesRaise:
    def __getattr__(self, name):
        raise Boom(name)


def class_with(base):
    class X(base):
        pass

    return X.__name__


check("class(base lookup raises)", lambda: class_with(EntriesRaise()))


class FakeModule:
    __name__ = "fake"

    def __init__(self, exc, all_=None):
        self.exc = exc
        if all_ is not None:
            self.__all__ = all_

    def __getattr__(self, name):
        if name == "present":
            return 42
        if self.exc:
            raise self.exc(name)
        raise AttributeError(name)


def from_import(mod, star=False):
    sys.modules["fake"] = mod
    try:
        if star:
            ns = {}
            exec("from fake import *", ns)
            return sorted(k for k in ns if not k.startswith("__"))
        ns = {}
        exec("from fake import present, absent", ns)
        return ns["present"]
    finally:
        del sys.modules["fake"]


check("from m import (absent)", lambda: from_import(FakeModule(None)))
check("from m import (raises)", lambda: from_import(FakeModule(Boom)))
check("from m import * (__all__)", lambda: from_import(FakeModule(None, ["present"]), True))
class BadAll:
    def __getitem__(self, i):
        if i == 0:
            return "present"
        raise Boom(f"__all__[{i}]")


check("from m import * (__all__ raises)", lambda: from_import(FakeModule(None, BadAll()), True))


def delegate(sub):
    r = yield from sub
    return r


def run(g):
    out = []
    try:
        while True:
            out.append(next(g))
    except StopIteration as e:
        out.append(("return", e.value))
    return out


check("yield from iterator", lambda: run(delegate(iter([1, 2]))))
check("yield from raising iterator", lambda: run(delegate(gen(2))))


class Sub:
    def __iter__(self):
        return self

    def __next__(self):
        return 1

    def __getattr__(self, name):
        if name == "throw":
            raise Boom(name)
        raise AttributeError(name)


def throw_into(sub):
    g = delegate(sub)
    next(g)
    return g.throw(ValueError("v"))


def close_on(sub):
    g = delegate(sub)
    next(g)
    return g.close()


check("throw, no sub.throw", lambda: throw_into(iter([1, 2])))
check("throw, sub.throw raises", lambda: throw_into(Sub()))
check("close, no sub.close", lambda: close_on(iter([1, 2])))
check("list(iter)", lambda: list(gen(3, False)))
check("list(raising)", lambda: list(gen(3)))
check("list.extend(raising)", lambda: [9].extend(gen(2)))
check("bytes(iter)", lambda: bytes(gen(3, False)))
check("bytes(raising)", lambda: bytes(gen(3)))
check("bytearray.extend(raising)", lambda: bytearray(b"x").extend(gen(2)))
check("deque(iter)", lambda: list(deque(gen(3, False))))
check("deque(raising)", lambda: deque(gen(3)))
check("deque.extendleft(raising)", lambda: deque().extendleft(gen(2)))
