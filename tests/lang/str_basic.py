# String literals of every form and the basic operators.
print('single', "double", '''triple
single''', """triple
double""")
print('a' 'b' "c", 'it\'s', "say \"hi\"", 'tab\there', 'nl\\n', "\x41\101\u00e9\U0001F600\N{GREEK SMALL LETTER ALPHA}")
print(r'raw\n\t', R"raw\x", rb'' if False else 'x', '\a\b\f\v\0'.encode() if False else len('\a\b\f\v\0'))
print("ab" + "cd", "ab" * 3, 3 * "x", "" * 10, "ab" * 0, "ab" * -1)
print("b" in "abc", "bc" in "abc", "" in "abc", "d" not in "abc", "abc" < "abd", "a" < "B", "Z" < "a")
print("abc" == "abc", "abc" != "ABC", "abc" <= "abc", "ab" < "abc", "" < "a", max("abc"), min("xyz"))
s = "hello, world"
print(len(s), s[0], s[-1], s[4], s[-5], s[0:5], s[7:], s[:-7], s[::2], s[::-1], s[1:10:3], s[10:2:-2])
print(s[100:], s[-100:3], s[5:2], s[::-3])
for i in [12, -13]:
    try:
        s[i]
    except IndexError as e:
        print("IndexError:", e)
try:
    s[0] = "H"
except TypeError as e:
    print("TypeError:", e)
try:
    "a" + 1
except TypeError as e:
    print("TypeError:", e)
try:
    1 + "a"
except TypeError as e:
    print("TypeError:", e)
try:
    "a" * "b"
except TypeError as e:
    print("TypeError:", e)
try:
    "a" < 1
except TypeError as e:
    print("TypeError:", e)
print(str(), str(5), str(-2.5), str([1, "a"]), str((1,)), str({"k": "v"}), repr("a'b"), repr('a"b'),
      repr("a'\"b"), repr("\n\t\\"), repr("\x00\x7f\x80\xff"), repr("é😀"), repr("\u200b"))
t = "x"
t += "y"; t *= 3; print(t)
print(ord("a"), ord("é"), ord("😀"), chr(97), chr(233), chr(128512), chr(0x10FFFF) == "\U0010FFFF")
for bad in [-1, 0x110000]:
    try:
        chr(bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    ord("ab")
except TypeError as e:
    print("TypeError:", e)
print(list("abc"), tuple("ab"), sorted("banana"), "".join(reversed("stressed")))
print("%s|%r" % ("x", "x"), "abc".__len__(), "abc"[True])
