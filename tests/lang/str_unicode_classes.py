chars = ["a", "Z", "5", "é", "ß", "Σ", "ж", "中", "ひ", "한", "٣", "๓", "²", "½", "Ⅻ", "①", "𝟘", "\u00a0", "\u2003",
         "\u3000", "\u200b", "\u2028", "\x85", "\u00ad", "\u0301", "_", "$", "€", "😀", "\U0001d400", "ℕ", "ª",
         "ʰ", "ǅ", "\ufeff", "\ue000", "\U000f0000", "\u0378", "\u0600", "\ufffd", "·", "℘", "℮"]
for c in chars:
    print(ascii(c), c.isalpha(), c.isdecimal(), c.isdigit(), c.isnumeric(), c.isalnum(), c.isspace(),
          c.isprintable(), c.islower(), c.isupper(), c.istitle(), c.isidentifier(), ("x" + c).isidentifier())
print(repr("\u0378\u200b\ue000\U000f0000\u00ad\xa0\u2028\U0001f600\U000e0001"))
print(int("٣٤"), int("𝟙𝟚"), float("٣.٥"), int("\u0e53"), "1٣".isdecimal())
