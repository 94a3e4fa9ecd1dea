# Single inheritance: overriding, super(), isinstance/issubclass, method resolution.
class Animal:
    sound = "..."
    def __init__(self, name):
        self.name = name
    def speak(self):
        return f"{self.name} says {self.sound}"
    def kind(self):
        return "animal"
    def describe(self):
        return self.kind() + ":" + self.speak()
class Dog(Animal):
    sound = "woof"
    def kind(self):
        return "dog"
class Puppy(Dog):
    def __init__(self, name, age):
        super().__init__(name)
        self.age = age
    def speak(self):
        return super().speak() + f" (age {self.age})"
    def kind(self):
        return "puppy/" + super().kind()
a, d, p = Animal("generic"), Dog("rex"), Puppy("bit", 1)
for x in [a, d, p]:
    print(x.describe(), isinstance(x, Animal), isinstance(x, Dog), type(x).__name__)
print(issubclass(Puppy, Animal), issubclass(Animal, Dog), issubclass(Dog, object), Puppy.__bases__[0].__name__)
print([c.__name__ for c in Puppy.__mro__], Puppy.sound, Animal.speak(p))
class Shape:
    def area(self):
        raise NotImplementedError("subclass must implement area")
    def __repr__(self):
        return f"{type(self).__name__}(area={self.area()})"
class Sq(Shape):
    def __init__(self, s):
        self.s = s
    def area(self):
        return self.s ** 2
print(Sq(3))
try:
    Shape().area()
except NotImplementedError as e:
    print("NotImplementedError:", e)
class Base:
    def __init__(self):
        self.log = ["base"]
class NoInit(Base):
    pass
class Override(Base):
    def __init__(self):
        self.log = ["override only"]
print(NoInit().log, Override().log)
class Stack(list):
    def push(self, v):
        self.append(v)
    def peek(self):
        return self[-1]
s = Stack()
s.push(1); s.push(2)
print(s, len(s), s.peek(), isinstance(s, list), s.pop(), s)
class MyDict(dict):
    def __missing__(self, key):
        return key * 2
md = MyDict(a=1)
print(md["a"], md["zz"], md)
