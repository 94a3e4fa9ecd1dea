for v in [0, 1, -1, 10, 255, -255, 2**63, -(2**63), 2**200, 123456789012345678901234567890]:
    print(v, bin(v), oct(v), hex(v), str(v), repr(v), len(str(v)))
print(0x_ff, 0b_1, 0o_7, 1_000_000, 0xDEADbeef)
