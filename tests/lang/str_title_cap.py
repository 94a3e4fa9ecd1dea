for s in ["hello", "HELLO", "hELLO wORLD", "123 abc", "a-b c_d", "o'neil", "ǆemal", "ﬂour", "ßtraße", "  x"]:
    print(repr(s.title()), repr(s.capitalize()), s.istitle(), s.title().istitle())
