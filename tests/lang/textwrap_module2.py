import textwrap

text = ("The quick brown fox jumps over the lazy dog. " * 4).strip()
print(textwrap.fill(text, 30))
print(textwrap.wrap(text, 25)[:3])
print(textwrap.shorten(text, 40))
print(textwrap.shorten('Hello  world!', width=12))
print(textwrap.shorten('Hello world!', width=11, placeholder=' [...]'))
print(repr(textwrap.dedent('''\
    line one
      indented
    line three
''')))
print(textwrap.indent('a\n\nb\n', '> '))
print(textwrap.indent('a\n\nb\n', '+ ', lambda line: True))
w = textwrap.TextWrapper(width=20, initial_indent='* ', subsequent_indent='  ')
print(w.fill(text))
w = textwrap.TextWrapper(width=10, break_long_words=False)
print(w.wrap('a veryveryverylongword here'))
w = textwrap.TextWrapper(width=12, max_lines=2, placeholder='...')
print(w.wrap(text))
print(textwrap.wrap('one\ttwo three', 8, expand_tabs=True, tabsize=4))
print(textwrap.wrap('', 10), textwrap.fill('x', 5))
try:
    textwrap.wrap('abc', 0)
except ValueError as e:
    print('ValueError', e)
