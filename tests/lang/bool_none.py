# bool and None: arithmetic on bools, truthiness of every builtin type, identity.
print(True, False, None, True + True, True * 3, -True, ~True, ~False, True / 2, True // 2)
print(True & False, True | False, True ^ True, False ^ True, type(True & False), type(True + 0))
print(bool(0), bool(1), bool(-1), bool(0.0), bool(0.1), bool(""), bool(" "), bool([]), bool([0]),
      bool(()), bool((0,)), bool({}), bool({0: 0}), bool(set()), bool({0}), bool(None), bool(range(0)),
      bool(range(1)), bool(-0.0), bool(float("nan")))
print(not 0, not 1, not None, not "", not "a", not [], not [[]])
print(True == 1, False == 0, True is True, None is None, None == None, None == 0, None is not False)
print(isinstance(True, int), isinstance(True, bool), isinstance(1, bool), type(True), type(None))
print(str(True), repr(False), str(None), repr(None), int(True), float(False))
print(True < 2, False > -1, max(True, False), sum([True, True, False]), [1, 2][True])
print(hash(True), hash(False), hash(None) == hash(None))
print(bool(), bool(bool), True and 5, 0 and 5, 0 or "x", "" or [] or None, 3 or 4)
x = None
print(x is None, x is not None, (lambda: None)() is None)
print({True: "a", 1: "b", 1.0: "c"}, {0: 1, False: 2})
print(f"{True} {None!r} {False:>6} {True:d}")
