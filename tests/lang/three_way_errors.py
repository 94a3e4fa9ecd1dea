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
