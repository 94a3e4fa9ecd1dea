# reference: tstring_reference.py
# What t-strings are for: code that receives the parts and decides how to render them.
from string.templatelib import Template, Interpolation, convert

def f(template):
    """The f-string result, as the PEP's example writes it."""
    out = []
    for part in template:
        if isinstance(part, Interpolation):
            out.append(format(convert(part.value, part.conversion), part.format_spec))
        else:
            out.append(part)
    return "".join(out)

name, score, items = "Ada", 97.456, ["a", "b"]
t = t"{name!r:>8} scored {score:.1f} on {len(items)} items {items}"
print(f(t))
print(f(t) == f"{name!r:>8} scored {score:.1f} on {len(items)} items {items}")

def html(template):
    """Escape the interpolated values, never the literal text."""
    def esc(s):
        return (s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                .replace('"', "&quot;"))
    out = []
    for part in template:
        match part:
            case str():
                out.append(part)
            case Interpolation(Template() as inner):
                out.append(html(inner))
            case Interpolation(value, _, conv, spec):
                out.append(esc(format(convert(value, conv), spec)))
    return "".join(out)

user = "<script>alert('x')</script>"
row = t"<td>{user}</td>"
print(html(t"<tr class=\"{'a&b'}\">{row}</tr>"))

def sql(template):
    """A parameterized query: placeholders for values, the values apart."""
    query, params = [], []
    for part in template:
        if isinstance(part, str):
            query.append(part)
        else:
            query.append("?")
            params.append(part.value)
    return "".join(query), params

uid, status = 7, "x'); DROP TABLE users; --"
print(sql(t"SELECT * FROM users WHERE id = {uid} AND status = {status}"))

def structured(template):
    """The message and a dict of the named values (the PEP's logging example)."""
    return f(template), {i.expression: i.value for i in template.interpolations}

action, amount = "buy", 12
print(structured(t"User {action}: {amount:.2f}"))

def lazy(template):
    """Interpolations whose values are callables are called only when rendered."""
    return "".join(p if isinstance(p, str) else str(p.value() if callable(p.value) else p.value)
                   for p in template)
calls = []
def expensive():
    calls.append(1)
    return "computed"
t = t"result: {expensive}"
print(calls, lazy(t), calls)

# building templates programmatically and concatenating
parts = []
for k, v in enumerate(["x", "y", "z"]):
    parts += [", " if k else "", Interpolation(v, "v%d" % k)]
t = Template("[", *parts, "]")
print(t.strings, f(t))
print(f(t"<" + t + t">"))
