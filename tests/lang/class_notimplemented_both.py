class A:
    def __eq__(self, o):
        print("A.eq")
        return NotImplemented
    def __lt__(self, o):
        print("A.lt")
        return NotImplemented
class B:
    def __eq__(self, o):
        print("B.eq")
        return NotImplemented
    def __gt__(self, o):
        print("B.gt")
        return NotImplemented
a, b = A(), B()
print(a == b)
print(a != b)
try:
    a < b
except TypeError as e:
    print(e)
print(a == a)
class Sub(A):
    def __eq__(self, o):
        print("Sub.eq")
        return True
print(A() == Sub())
print(NotImplemented, repr(NotImplemented), bool(1))
