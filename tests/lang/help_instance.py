import pydoc


class A:
    """An A."""

    def m(self):
        pass


class P:
    def m(self):
        """P's m."""


class Q(P):
    def m(self):
        pass


help(A())
help(P())
help(Q.m)
help(Q().m)
print(pydoc.getdoc(Q.m), pydoc.getdoc(Q()), repr(pydoc.getdoc(P())))
x = 42
print(pydoc.render_doc(x).splitlines()[0])
print(pydoc.describe([].append), pydoc.describe(str.join), pydoc.describe(int.__add__))
print(pydoc.describe(int.real))
print(pydoc.plain('a\bab\bbc'), pydoc.cram('abcdefghijklmnop', 10))
