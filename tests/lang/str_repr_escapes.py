for s in ["a'b", 'a"b', "a'b\"c", "\n\t\r\\", "\x00\x01\x1f\x7f", "\x80\x9f\xa0\xff", "é", "\u200b",
          "\u2028", "😀", "\U0001f600\ud7ff", "\ufeff", "\xad", "ĀЖ", "\U000e0001", "\u0378"]:
    print(repr(s), ascii(s), len(repr(s)))
print(str("abc"), str(), str(123), str(1.5), str(None), str(True), str([1, "a"]))
print(repr(repr("a")))
