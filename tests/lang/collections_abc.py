from collections.abc import (Iterable, Iterator, Sized, Container, Hashable, Callable, Sequence,
                             MutableSequence, Mapping, MutableMapping, Set, MutableSet, Generator,
                             Collection, Reversible, KeysView)
import collections.abc
for v in [[], (), {}, set(), frozenset(), "s", b"b", range(3), 5, None, iter([]), (x for x in []), len, lambda: 0]:
    print(type(v).__name__, [c.__name__ for c in (Iterable, Iterator, Sized, Container, Hashable,
          Callable, Sequence, MutableSequence, Mapping, MutableMapping, Set, MutableSet, Generator,
          Collection, Reversible) if isinstance(v, c)])
class Bag:
    def __init__(self): self.items = []
    def __iter__(self): return iter(self.items)
    def __len__(self): return len(self.items)
    def __contains__(self, x): return x in self.items
print(isinstance(Bag(), Iterable), isinstance(Bag(), Collection), isinstance(Bag(), Sequence))
class MyMap(Mapping):
    def __init__(self, d): self._d = dict(d)
    def __getitem__(self, k): return self._d[k]
    def __iter__(self): return iter(self._d)
    def __len__(self): return len(self._d)
m = MyMap({"a": 1, "b": 2})
print(m.get("a"), m.get("z", 0), "a" in m, list(m.keys()), list(m.items()), list(m.values()), m == {"a": 1, "b": 2})
print(isinstance(m, Mapping), isinstance(m, MutableMapping), len(m.keys()), ("a", 1) in m.items())
class MySeq(Sequence):
    def __init__(self, *a): self._a = a
    def __getitem__(self, i): return self._a[i]
    def __len__(self): return len(self._a)
s = MySeq(3, 1, 3)
print(list(s), list(reversed(s)), s.index(1), s.count(3), 3 in s, 9 in s)
class MyList(MutableSequence):
    def __init__(self): self._l = []
    def __getitem__(self, i): return self._l[i]
    def __setitem__(self, i, v): self._l[i] = v
    def __delitem__(self, i): del self._l[i]
    def __len__(self): return len(self._l)
    def insert(self, i, v): self._l.insert(i, v)
ml = MyList(); ml.append(1); ml.extend([2, 3]); ml += [4]; ml.reverse()
print(ml._l, ml.pop(), ml._l); ml.remove(3); print(ml._l)
class MyDict(MutableMapping):
    def __init__(self): self._d = {}
    def __getitem__(self, k): return self._d[k]
    def __setitem__(self, k, v): self._d[k] = v
    def __delitem__(self, k): del self._d[k]
    def __iter__(self): return iter(self._d)
    def __len__(self): return len(self._d)
md = MyDict(); md.update({"x": 1}, y=2); md.setdefault("z", 3)
print(dict(md), md.pop("x"), md.popitem(), dict(md))
class MySet(MutableSet):
    def __init__(self, it=()): self._s = set(it)
    def __contains__(self, x): return x in self._s
    def __iter__(self): return iter(sorted(self._s))
    def __len__(self): return len(self._s)
    def add(self, x): self._s.add(x)
    def discard(self, x): self._s.discard(x)
a, b = MySet([1, 2, 3]), MySet([2, 3, 4])
print(list(a & b), list(a | b), list(a - b), list(a ^ b), a <= MySet([1, 2, 3, 4]), a == MySet([3, 2, 1]), a.isdisjoint([7]))
try:
    Sequence()
except TypeError as e:
    print("TypeError:", e)
try:
    class Bad(Mapping): pass
    Bad()
except TypeError as e:
    print("TypeError:", e)
print(issubclass(list, MutableSequence), issubclass(tuple, MutableSequence), issubclass(dict, Mapping), Iterable.__module__)
def gen(): yield 1
print(isinstance(gen(), Generator), isinstance(gen(), Iterator), issubclass(type(gen()), Iterable))
class NoHash:
    __hash__ = None
print(isinstance(NoHash(), Hashable), isinstance([], Hashable), isinstance((), Hashable))
