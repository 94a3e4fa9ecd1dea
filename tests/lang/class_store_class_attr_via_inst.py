class A:
    x = [1]
    def add(self):
        self.x = self.x + [2]
a = A()
a.add()
print(a.x, A.x)
class B:
    pass
b = B()
b.attr = 1
print(b.attr)
B.attr = 2
print(b.attr, B.attr)
