# find/index/count/startswith/endswith/replace and friends.
s = "the quick brown fox jumps over the lazy dog the end"
print(s.find("the"), s.find("the", 1), s.find("the", 1, 20), s.find("cat"), s.rfind("the"), s.rfind("the", 0, 40))
print(s.index("fox"), s.rindex("o"), s.count("the"), s.count("o", 20), s.count(""), "aaaa".count("aa"), "".count(""))
for m in ["index", "rindex"]:
    try:
        getattr(s, m)("cat")
    except ValueError as e:
        print("ValueError:", e)
print(s.startswith("the"), s.startswith("quick", 4), s.startswith(("a", "t")), s.endswith("end"),
      s.endswith(("x", "nd")), s.endswith("the", 0, 34), "".startswith(""), "abc".startswith("abcd"))
print(s.replace("the", "THE"), s.replace("the", "a", 2), "aaa".replace("a", "bb"), "abc".replace("", "-"),
      "abc".replace("x", "y"), "aXbXc".replace("X", ""), "abc".replace("", "-", 2))
print("abc".find(""), "abc".find("", 10), "abc".rfind(""), "abcabc".find("c", -2), "abc".find("a", -100))
print("hello".removeprefix("he"), "hello".removeprefix("x"), "hello".removesuffix("lo"), "hello".removesuffix(""))
print("é日本語日本".find("日本"), "é日本語日本".rfind("日本"), "é日本語日本".count("日"), "日本語".index("語"))
