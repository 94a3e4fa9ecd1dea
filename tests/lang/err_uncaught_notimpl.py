# NotImplementedError raised with a message, inside a method, called through a subclass.
class Base:
    def run(self):
        return self.step()
    def step(self):
        raise NotImplementedError("step() must be overridden")
class Child(Base):
    pass
Child().run()
