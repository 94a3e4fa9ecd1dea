class Keys:
    def keys(self): return ["a", "b"]
    def __getitem__(self, k): return k.upper()
print(dict(Keys()))
def f(**kw): return kw
print(f(**Keys()))
print({**Keys(), "c": 3})
