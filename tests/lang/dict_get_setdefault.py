d = {}
for w in 'a b a c b a'.split():
    d[w] = d.get(w, 0) + 1
print(d)
g = {}
for w in 'apple avocado banana'.split():
    g.setdefault(w[0], []).append(w)
print(g)
