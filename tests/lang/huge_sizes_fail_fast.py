# Sizes no machine holds fail at once, as in CPython (issue 11's "hangs" list): krait
# filled memory a byte at a time, doubled capacities until they wrapped, or iterated 2**62
# items before raising. The widths and paddings that do ask the allocator for the bytes
# (MemoryError after a failed terabyte request, which a sanitizer build reports on stderr)
# are in tests/hostile/huge_counts.py.
def attempt(label, f):
    try:
        r = f()
        print(label, "->", type(r).__name__)
    except (MemoryError, OverflowError, ValueError) as e:
        print(label, "->", type(e).__name__, e)


attempt("expandtabs str", lambda: "\t".expandtabs(2**40))
attempt("expandtabs bytes", lambda: b"\t".expandtabs(2**40))
attempt("expandtabs bytearray", lambda: bytearray(b"a\tb").expandtabs(2**40))
attempt("%.*f", lambda: "%.*f" % (2**40, 1.0))
attempt("list(range(2**62))", lambda: list(range(2**62)))
attempt("tuple(range(2**62))", lambda: tuple(range(2**62)))
attempt("sorted(range(2**62))", lambda: sorted(range(2**62)))
attempt("reversed(range(2**64))", lambda: list(reversed(range(2**64))))
attempt("str * 2**62", lambda: "ab" * 2**62)
attempt("bytes * 2**62", lambda: b"ab" * 2**62)
attempt("list * 2**62", lambda: [1, 2] * 2**62)
print("done")
