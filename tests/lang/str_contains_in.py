s = "the quick brown fox"
for w in ["quick", "fox", "the", "Quick", "", " ", "x", "brown fox", "fox "]:
    print(repr(w), w in s, s.find(w), s.count(w))
