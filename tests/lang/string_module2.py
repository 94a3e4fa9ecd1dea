import string
from string import Template, Formatter

print(string.ascii_letters, string.digits, string.hexdigits, string.octdigits)
print(repr(string.whitespace), len(string.printable), string.punctuation)
print(string.capwords('hello   world  foo'), string.capwords('a-b-c', '-'))
t = Template('$who likes ${what}; $$5 costs')
print(t.substitute(who='tim', what='kung pao'))
print(t.safe_substitute(who='tim'))
print(t.substitute({'who': 'a', 'what': 'b'}, what='c'))
try:
    t.substitute(who='x')
except KeyError as e:
    print('KeyError', e)
try:
    Template('$1bad').substitute()
except ValueError as e:
    print('ValueError', e)
print(Template('$x and $y').get_identifiers() if hasattr(Template, 'get_identifiers') else [])
print(Template('$x').is_valid() if hasattr(Template, 'is_valid') else True)
f = Formatter()
print(f.format('{0} {name} {1:>5}', 'a', 'b', name='n'))
print(list(f.parse('a{0}b{x!r:>3}c')))
print(f.vformat('{a}-{b}', (), {'a': 1, 'b': 2}))


class Upper(Formatter):
    def format_field(self, value, spec):
        return str(value).upper()


print(Upper().format('{} and {}', 'x', 'y'))
