# print: sep, end, file=sys.stderr, flush, and printing of every kind of value.
import sys
print()
print(1, 2, 3)
print(1, 2, 3, sep="")
print(1, 2, 3, sep=", ", end=".\n")
print("no newline", end="")
print(" <- continued")
print("a", "b", sep=None, end=None)
print(*range(5), sep="\n")
print("to stderr", 42, file=sys.stderr)
print("err2", sep="-", end="!\n", file=sys.stderr)
print("flushed", flush=True)
print(None, True, 1.0, -0.0, 1e100, "s", b"b", [], (), {}, set(), frozenset(), range(2), [None, "x"])
print("tab\tand unicode é 日本 😀")
sys.stdout.write("via write\n")
sys.stderr.write("stderr via write\n")
print(sys.stdout.write("counted\n"))
try:
    print("x", sep=5)
except TypeError as e:
    print("TypeError:", e)
try:
    print("x", end=[])
except TypeError as e:
    print("TypeError:", e)
try:
    print("x", bogus=1)
except TypeError as e:
    print("TypeError:", e)
