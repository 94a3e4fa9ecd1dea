d = {}
for s in ["a", "b", "a" + "", "".join(["a"]), "ab"[0]]:
    d[s] = d.get(s, 0) + 1
print(d, hash("abc") == hash("ab" + "c"), {"é": 1}["é"])
