for s in ["hello World", "HELLO", "", "123abc", "ß", "ǅ", "hello wORLD it's", "éÉ", "a1b2", "ΣΑΣ"]:
    print(repr(s), s.upper(), s.lower(), s.capitalize(), s.title(), s.swapcase(), s.casefold())
print("they're bill's friends".title())
print("ﬁ".upper(), "İ".lower(), len("İ".lower()))
