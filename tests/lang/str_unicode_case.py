words = ["straße", "İstanbul", "ΣΊΣΥΦΟΣ", "ﬁnal ﬂow", "ǅemal", "Ⅷ ⅷ", "ⓐⓑ", "𐐀𐐨", "ꭰꭱ", "ა", "ᲀ",
         "ŉ", "ǰ", "ΐ", "µ", "ÿŸ", "ıI", "ſ", "Ω K Å", "ǳ", "ᾳ", "ᾼ", "ﬀ", "Ꭰ", "Ｆｕｌｌ"]
for w in words:
    print(repr(w), repr(w.lower()), repr(w.upper()), repr(w.title()), repr(w.casefold()),
          repr(w.swapcase()), repr(w.capitalize()))
    print(w.islower(), w.isupper(), w.istitle(), w.isalpha(), len(w.upper()))
print("ΑΣ ΑΣ. ΑΣ'Σ Σ".lower(), "ΑΣ1".lower(), "1Σ".lower())
print(sorted(set("Hello WORLD".casefold())) == sorted(set("hello world")))
