# Case conversion and classification, ASCII and beyond.
for s in ["hello World", "ÉCOLE", "straße", "ǅungla", "123abc", "", "  ", "Hello_World 42", "ﬁne", "İstanbul",
          "ΣΑΣ", "hello\tworld x"]:
    print(repr(s), s.upper(), s.lower(), s.title(), s.capitalize(), s.swapcase(), s.casefold())
for s in ["abc", "ABC", "Abc", "123", "12.3", "abc123", " ", "", "\t\n", "Ab Cd", "ab cd", "½", "²", "٣",
          "x_y", "_x", "1x", "é", "日本"]:
    print(repr(s), s.isalpha(), s.isdigit(), s.isdecimal(), s.isnumeric(), s.isalnum(), s.isspace(),
          s.islower(), s.isupper(), s.istitle(), s.isidentifier(), s.isascii(), s.isprintable())
