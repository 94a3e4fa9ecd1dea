class Base:
    subs = []
    def __init_subclass__(cls, **kw):
        super().__init_subclass__()
        Base.subs.append((cls.__name__, kw))
class A(Base): pass
class B(Base, tag=1): pass
print(Base.subs)
class M:
    def __class_getitem__(cls, item):
        return "getitem " + str(item)
print(M[int])
