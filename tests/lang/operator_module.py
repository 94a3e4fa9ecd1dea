import operator
from operator import itemgetter, attrgetter, methodcaller
print(operator.add(2, 3), operator.sub(2, 3), operator.mul("ab", 2), operator.truediv(7, 2),
      operator.floordiv(7, 2), operator.mod(7, 3), operator.pow(2, 10), operator.neg(5),
      operator.pos(-5), operator.abs(-3), operator.invert(5), operator.inv(0))
print(operator.lshift(1, 4), operator.rshift(256, 2), operator.and_(12, 10), operator.or_(12, 10),
      operator.xor(12, 10), operator.not_(0), operator.truth([]), operator.is_(None, None),
      operator.is_not(1, None))
print(operator.lt(1, 2), operator.le(2, 2), operator.eq(1, 1.0), operator.ne(1, 2),
      operator.ge(1, 2), operator.gt(3, 2))
print(operator.concat([1], [2]), operator.contains([1, 2], 2), operator.countOf([1, 2, 1], 1),
      operator.indexOf("abc", "c"), operator.getitem({"a": 1}, "a"))
d = {}
operator.setitem(d, "k", 5); print(d); operator.delitem(d, "k"); print(d)
l = [1]; print(operator.iadd(l, [2]) is l, l, operator.iadd(1, 2), operator.imul([0], 3),
              operator.ior({1}, {2}), operator.index(7))
rows = [("bob", 30, "x"), ("amy", 25, "y"), ("cat", 35, "z")]
print(sorted(rows, key=itemgetter(1)), list(map(itemgetter(0, 2), rows)))
print(itemgetter(slice(1, 3))("abcdef"), itemgetter("a", "b")({"a": 1, "b": 2}))
class P:
    def __init__(self, name, child=None):
        self.name, self.child = name, child
    def greet(self, greeting, punct="!"):
        return greeting + " " + self.name + punct
p = P("root", P("leaf"))
print(attrgetter("name")(p), attrgetter("child.name")(p), attrgetter("name", "child.name")(p))
print(methodcaller("greet", "hi")(p), methodcaller("greet", "yo", punct="?")(p),
      methodcaller("upper")("abc"))
print(repr(itemgetter(1)), repr(attrgetter("a", "b.c")), repr(methodcaller("f", 1, k=2)))
print(operator.length_hint([1, 2, 3]), operator.length_hint(iter([]), 5), operator.length_hint(3, 7))
print(operator.call(max, 3, 9), operator.__add__(1, 2), operator.matmul.__name__)
for bad in [lambda: operator.index(1.5), lambda: attrgetter(1), lambda: itemgetter(5)([1]),
            lambda: operator.concat(1, 2), lambda: operator.indexOf([1], 5)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__ + ":", e)
print(list(map(operator.mul, [1, 2, 3], [4, 5, 6])))
import functools
print(functools.reduce(operator.add, range(10)), functools.reduce(operator.mul, range(1, 6)))
