tests = ["", "abc", "ABC", "Abc", "123", "12.3", "abc123", " ", "\t\n", "a b", "Hello World",
         "hello world", "½", "²", "٣", "é", "_", "a_b", "1a", "ǅ", "Ⅷ", "\x00", "\x7f", "ab\x80"]
for s in tests:
    print(repr(s), s.isalpha(), s.isdigit(), s.isalnum(), s.isspace(), s.isupper(),
          s.islower(), s.istitle(), s.isdecimal(), s.isnumeric(), s.isidentifier(),
          s.isprintable(), s.isascii())
