import re
# lazy/possessive quantifiers, alternation order, nested groups, anchors in finditer
print(re.findall(r"<.*?>", "<a><b></b>"), re.findall(r"<.*>", "<a><b>"), re.match(r"(\w+?)(\d*)$", "abc123").groups())
print(re.findall(r"(a|ab)(c|bcd)(d*)", "abcd"), re.match(r"((a)|b)+", "ab").groups(), re.match(r"(a*)*", "b").group())
print([m.group() for m in re.finditer(r"^\w+", "one\ntwo\nthree", re.M)], re.sub(r"(?m)$", ";", "a\nb"), re.sub(r"$", "!", "x\n"))
print(re.split(r"(?<=,)", "a,b,c"), re.findall(r"\d+(?=%)", "50% of 80 is 40%"), re.sub(r"(?i)(?<=x)y", "Z", "xY xy Xy"))
print(re.match(r"(?P<a>.)(?P<b>.)?", "x").groupdict(), re.match(r"(.)(.)?", "x").groups("-"), re.match(r"(.)(.)?", "x").lastindex)
print(re.compile(r"\s+").sub(" ", "a \t\n b"), re.findall(r"[^\W\d]+", "ab12cd_3"), re.sub(r"\b(\w)(\w*)\b", lambda m: m[1].upper() + m[2], "hello big world"))
print(re.fullmatch(r"(?:\d{1,3}\.){3}\d{1,3}", "192.168.0.1") is not None, re.fullmatch(r"[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}", "123e4567-e89b-12d3-a456-426614174000") is not None)
print(re.sub(r"x", r"\\", "axb"), re.sub("a", "\\\\0", "a"), re.subn(r"\d", "", "a1b22"), re.sub(r"(\d)(\d)", r"\2\1", "1234 56"))
