x = "global"
class A:
    x = "class"
    def f(self):
        return x
    y = [x for _ in range(1)]
print(A().f(), A.y)
def outer():
    v = "outer"
    class B:
        v = "classv"
        def g(self):
            return v
        w = v
    return B
B = outer()
print(B().g(), B.w)
def outer2():
    v = 1
    class C:
        print(v)
    return C
outer2()
class D:
    class Inner:
        val = 3
    def get(self):
        return self.Inner.val
print(D().get(), D.Inner.__qualname__)
