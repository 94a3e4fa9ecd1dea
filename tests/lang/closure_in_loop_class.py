def make():
    res = []
    for i in range(3):
        def f(i=i):
            return i * i
        res.append(f)
    return res
print([f() for f in make()])
def make2():
    def inner(j):
        return lambda: j
    return [inner(j) for j in range(3)]
print([f() for f in make2()])
def class_closure():
    val = "captured"
    class C:
        def get(self):
            return val
    return C()
print(class_closure().get())
