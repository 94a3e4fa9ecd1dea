class D(dict):
    def __missing__(self, k):
        return k * 2
d = D(a=1)
print(d['a'], d['bb'], d, 'bb' in d, d.get('q'))
