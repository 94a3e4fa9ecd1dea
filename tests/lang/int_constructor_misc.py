class X:
    def __int__(self): return 42
class Y:
    def __index__(self): return 7
class Z:
    def __trunc__(self): return 9
print(int(X()), int(Y()), int("  12  "), int("-12"), int("+0"), int(" 0b11 ".strip(), 0))
print(bin(Y()), hex(Y()), oct(Y()), [1, 2, 3, 4, 5, 6, 7, 8][Y()], "abcdefgh"[Y()])
try: bin(1.5)
except TypeError as e: print(type(e).__name__, e)
try: hex("1")
except TypeError as e: print(type(e).__name__, e)
