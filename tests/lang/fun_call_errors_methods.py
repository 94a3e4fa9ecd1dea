class A:
    def m(self, x): return x
    @staticmethod
    def s(x): return x
    @classmethod
    def c(cls, x): return x
a = A()
for call in (lambda: a.m(), lambda: a.m(1, 2), lambda: A.m(1), lambda: A.s(), lambda: A.c(), lambda: a.m(y=1)):
    try:
        call()
    except TypeError as e:
        print(e)
