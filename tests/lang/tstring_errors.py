# reference: tstring_reference.py
# t-string syntax errors, with CPython 3.14's messages.
def check(src):
    try:
        compile(src, "<t>", "exec")
        print("ok  ", src)
    except SyntaxError as e:
        print("err ", repr(src), "->", e.msg)

for src in ['t"{}"', 't"{ }"', 't"{!r}"', 't"{:>3}"', 't"{=}"', 't"}"', 't"a}b"',
            't"{x"', 't"{x!}"', 't"{x!z}"', 't"{x!rr}"',
            't"" ""', '"" t""', 't"" f""', 'f"" t""', 't"" b""', 'b"" t""',
            't"{x:{y}"', 't"{x:\n}"', 't"""{x:\n}"""', 't"{)}"', 't"{x)}"',
            't"{x #}"', 't"{x!r:}"', 't"{x=!r}"', 't"{yield}"',
            't"abc', "t'''abc", 't"{"', 't"{ "x}"', 't"{ \'x}"', 't"\\xZZ"',
            'bt""', 'tb""', 'ft""', 'tf""', 'ut""', 'tu""', 'rt""',
            'TR""', 'x = t"a" t"b"', 't"{x}" t"{y}"']:
    check(src)

# exec and eval of t-string source
print(eval('t"{1+1}"'))
ns = {}
exec('v = 5\nres = t"{v}"', ns)
print(ns["res"])
try:
    eval('t"{}"')
except SyntaxError as e:
    print(type(e).__name__, e.msg)
