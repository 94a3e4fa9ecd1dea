print(True + 1, True * 3, False - 1, True / 2, True // 1, -True, ~True, ~False, True & False, True | False, True ^ True)
print(type(True & False).__name__, type(True + 0).__name__, type(True ^ 1).__name__, True << 3, True == 1.0)
print(str(True), repr(False), int(True), float(False), bool("x"), bool(""), bool([]), bool(0.0), bool(None), bool(b""), bool(b"\x00"))
print(format(True), "%s %d %r" % (True, True, False), f"{True:>6}", True.__class__.__name__, bool.__name__)
print(sum([True, True, False]), max(False, True), sorted([True, False, True]), hash(True), True is True)
try: bool.__new__
except AttributeError: pass
print(bool(), bool(1), bool(2), isinstance(True, int), True.real, True.bit_length(), (True).conjugate())
