import string
from string import Template, Formatter
print(string.ascii_letters, string.digits, string.hexdigits, string.octdigits)
print(repr(string.whitespace), string.punctuation, len(string.printable))
print(string.capwords("hello   world  foo"), string.capwords("a-b-c", "-"), string.capwords(" x y "))
t = Template("$who likes $what, ${who}s cost $$5")
print(t.substitute(who="tim", what="kung pao"), t.substitute({"who": "a", "what": "b"}))
print(t.substitute({"who": "a", "what": "b"}, what="override"))
print(Template("$a and $b").safe_substitute(a=1), Template("$ x $").safe_substitute())
try:
    Template("$who and $missing").substitute(who=1)
except KeyError as e:
    print("KeyError:", e)
for bad in ["price $1", "line\nnext ${bad-id}", "$"]:
    try:
        Template(bad).substitute()
    except ValueError as e:
        print("ValueError:", e)
print(Template("$a $b $a ${c}").get_identifiers(), Template("$a").is_valid(), Template("$1").is_valid())
class Pct(Template):
    delimiter = "%"
print(Pct("%name is %{age}%% sure").substitute(name="x", age=3), t.template)
f = Formatter()
print(f.format("{} and {}", 1, 2), f.format("{0}{1}{0}", "a", "b"), f.format("{x!r:>6}|{y:.2f}", x="q", y=3.14159))
print(f.format("{0[1]} {p.real} {d[key]}", [5, 6], p=3, d={"key": "v"}), f.format("{:{w}.{p}f}", 2.5, w=8, p=3))
print(list(f.parse("a{0!s:>3}b{{c}}{x[1].y}")), list(f.parse("plain")), list(f.parse("")))
class Upper(Formatter):
    def format_field(self, value, spec):
        return super().format_field(value, spec).upper()
    def get_value(self, key, args, kwargs):
        if isinstance(key, str) and key not in kwargs:
            return "<" + key + ">"
        return super().get_value(key, args, kwargs)
print(Upper().format("{} {name} {other}", "abc", name="def"))
for bad in ["{", "}", "{0}{}", "{!}"]:
    try:
        f.format(bad, 1, 2)
    except ValueError as e:
        print("ValueError:", e)
