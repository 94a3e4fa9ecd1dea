import re
s = "naïve café — 日本語 テキスト Ünïcödé 123 ٤٥"
print(re.findall(r"\w+", s))
print(re.findall(r"\d+", s), re.findall(r"\d+", s, re.A))
print([m.span() for m in re.finditer(r"\w+", s)])
print(re.sub(r"é", "e", s), re.split(r"\s+", s))
m = re.search(r"(日本)(語)", s)
print(m.span(), m.span(1), m.start(2), m.group(), s[m.start():m.end()])
print(re.findall(r"[à-ÿ]", "àéîõü"), re.findall(r"(?i)ÜNÏ", s), re.match(r".", "😀").group(), len(re.match(r".+", "😀😁").group()))
print(re.search(r"\bcafé\b", s).span(), re.findall(r"\s", "a\u00a0b\u2003c"), re.findall(r"[^\W\d_]+", "ab_12cd"))
print(re.sub(r"(\w)", r"\1\1", "añb"), re.escape("日本.語"), re.fullmatch(r"\w{3}", "日本語"))
