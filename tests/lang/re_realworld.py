import re
log = """2024-01-15 10:23:45 ERROR [db] Connection failed: timeout after 30s
2024-01-15 10:24:01 INFO [web] GET /index.html 200 0.023s
2024-01-15 10:24:05 WARN [web] GET /missing 404 0.001s
2024-01-16 08:00:00 ERROR [auth] Invalid token for user=alice"""
line_re = re.compile(r"^(?P<date>\d{4}-\d\d-\d\d) (?P<time>[\d:]+) (?P<level>[A-Z]+) \[(?P<mod>\w+)\] (?P<msg>.*)$", re.M)
for m in line_re.finditer(log):
    print(m.group("date"), m["level"], m.group("mod"), repr(m.group("msg"))[:30])
print(re.findall(r"(\d{3}) (\d+\.\d+)s", log), re.findall(r"user=(\w+)", log))
email = re.compile(r"[\w.+-]+@[\w-]+\.[\w.]+")
print(email.findall("Contact: bob.smith+x@mail.example.com, eve@test.org; nope@"))
print(re.sub(r"(\d{4})-(\d\d)-(\d\d)", r"\3/\2/\1", "due 2024-03-09 and 2025-12-31"))
csvline = 'a,"b,c",d,"e ""q"" f"'
print(re.findall(r'"((?:[^"]|"")*)"|([^,]+)', csvline))
def camel_to_snake(name):
    s1 = re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", s1).lower()
print([camel_to_snake(n) for n in ["CamelCase", "getHTTPResponseCode", "already_snake", "HTTPServer"]])
tokens = re.compile(r"\s*(?:(\d+\.?\d*)|(.))")
print([(num, op) for num, op in tokens.findall("3 + 4.5*(2 - 1)")])
print(re.split(r"[;,\s]\s*", "asdf fjdk; afed, fjek,asdf, foo"))
print(re.match(r"^(\+\d{1,3}[- ]?)?\d{10}$", "+91-9876543210") is not None, bool(re.match(r"^[a-z0-9_-]{3,16}$", "my-us3r_n4m3")))
words = re.findall(r"[a-z']+", "It's the end of the world as we know it, and I feel fine".lower())
freq = {}
for w in words:
    freq[w] = freq.get(w, 0) + 1
print(sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))[:4])
html = "<a href='x.html'>X</a> <a href=\"y.html\">Y</a>"
print(re.findall(r"""<a\s+href=['"]([^'"]+)['"]>([^<]*)</a>""", html))
print(re.sub(r"<[^>]+>", "", "<p>Hello <b>World</b></p>"), re.sub(r"(?<=\d)(?=(\d{3})+$)", ",", "1234567"))
