for a in [0, 1, -1, 5, -5, 255, 2**64 - 1, -(2**64), 2**100 + 12345]:
    for b in [0, 1, 3, -3, 2**65]:
        print(a & b, a | b, a ^ b, end="; ")
    print(~a, a << 3, a >> 1, a >> 100, -a >> 2)
try: 1 << -1
except ValueError as e: print(type(e).__name__, e)
try: 1 >> -1
except ValueError as e: print(type(e).__name__, e)
print(1 << 100, (1 << 100) >> 99, -1 << 70, (-1 << 70) >> 69)
