a = 1
class C:
    a = 2
    b = a + 1
    def m(self):
        return a
    lst = [a for _ in range(2)]
print(C.b, C().m(), C.lst)
def f():
    x = 5
    class D:
        y = x
        x = 6
        z = x
    return D
D = f()
print(D.y, D.z)
class E:
    global gv
    gv = "from class"
print(gv)
