import textwrap
s = ("The quick brown fox jumps over the lazy dog. Python's textwrap module is handy for "
     "formatting long paragraphs of text into neat, fixed-width columns for terminals.")
for w in (10, 20, 33, 50, 70):
    print(w, textwrap.wrap(s, w))
print(textwrap.fill(s, 40))
print(textwrap.fill(s, 30, initial_indent="* ", subsequent_indent="  "))
print(textwrap.wrap("a-very-long-hyphenated-word and more-words here", 12))
print(textwrap.wrap("a-very-long-hyphenated-word and more-words here", 12, break_on_hyphens=False))
print(textwrap.wrap("supercalifragilisticexpialidocious is long", 10))
print(textwrap.wrap("supercalifragilisticexpialidocious is long", 10, break_long_words=False))
print(textwrap.wrap("  leading spaces and\ttabs\there  ", 15), textwrap.wrap("", 10), textwrap.wrap("   ", 10))
print(textwrap.wrap("keep   inner   spaces", 30, drop_whitespace=False), textwrap.wrap("x\ny\nz", 5))
print(textwrap.shorten("Hello  world!", width=12), textwrap.shorten("Hello  world!", width=11))
print(textwrap.shorten("The quick brown fox jumps over the lazy dog", 25, placeholder="..."))
print(textwrap.wrap(s, 30, max_lines=3), textwrap.wrap(s, 30, max_lines=2, placeholder=" …"))
code = """\
    def f(x):
        if x:
            return 1

        return 2
"""
print(textwrap.dedent(code))
print(repr(textwrap.dedent("  a\n\t b\n")), repr(textwrap.dedent("   x\n  \n    y")), repr(textwrap.dedent("no indent\n  x")))
print(textwrap.indent("line one\n\nline three\n", "> "))
print(textwrap.indent("a\n  \nb", "+", lambda line: True))
w = textwrap.TextWrapper(width=25, initial_indent="- ", subsequent_indent="  ", tabsize=4)
print(w.fill("Tab\tseparated\tvalues with a long tail that wraps around"))
print(textwrap.fill("Hello there.  How are you?  Fine.", 80, fix_sentence_endings=True))
try:
    textwrap.wrap("abc", 0)
except ValueError as e:
    print("ValueError:", e)
