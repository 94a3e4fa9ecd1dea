class A:
    def m(self):
        return self.n()
    def n(self):
        raise NotImplementedError("subclass must")
A().m()
