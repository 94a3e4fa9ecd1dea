# The builtin constructors called with every supported argument shape.
print(int(), float(), str(), bool(), list(), tuple(), dict(), set(), frozenset(), bytes(), object().__class__.__name__)
print(int("12"), int(12.9), int("-0x1A", 16), float("3.5"), float(2), str(12), str(1.5), str([1]), str(None))
print(bool([]), bool("0"), list((1, 2)), list({"a": 1}), tuple([1]), dict([(1, 2)]), dict(a=1), set([1, 1, 2]))
print(list(range(3)), list(map(str, [1, 2])), tuple({1: 2}.items()), list("日本"), frozenset("aa"), dict(zip("ab", "cd")))
print(str(b"xy"), str(b"xy", "utf-8"), bytes(3), bytes([65, 66]), bytes("é", "utf-8"), list(b"AB"), b"a" + b"b")
print(repr(str("a")), int(" 7\n"), float("-inf"), float(" nan ") != float("nan"), complex if False else "")
for bad in [lambda: int("1.5"), lambda: float("x"), lambda: list(5), lambda: tuple(None), lambda: dict(5),
            lambda: set(1), lambda: str(1, 2), lambda: bool(1, 2), lambda: bytes("x"), lambda: int([]),
            lambda: bytes([300])]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
