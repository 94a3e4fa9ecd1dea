# An int subclass instance holding 0 (no digits stored) through every conversion and
# operator; each result is a plain int, as in CPython.
class I(int):
    pass


z = I(0)
print(str(z), repr(z), hex(z), oct(z), bin(z), format(z, 'x'), format(z, '08b'), f"{z:,}")
print(f"{z:.2f}", f"{z:e}", f"{z:>5}", '%d %s %r %x %o %5.1f' % (z, z, z, z, z, z))
print(z + 0, z * 5, -z, +z, abs(z), z == 0, z < 1, bool(z), int(z), float(z), complex(z) if 0 else 0)
print(z.bit_length(), hash(z) == hash(0), z.to_bytes(2, 'big'), z.to_bytes(1, 'little'))
print(divmod(z, 3), z ** 2, 2 ** z, z ** 0, pow(z, 3, 7), pow(3, z, 7), pow(z, z))
print(z << 3, z >> 1, 1 << z, 5 >> z, z & 7, z | 7, z ^ 7, ~z, z // 5, z % 5, 7 % I(3))
print(type(z + 0).__name__, type(-z).__name__, type(2 ** z).__name__, type(+z).__name__)
print(round(z), round(z, 2), z.real, z.imag, z.numerator, z.denominator, z.conjugate())
print([I(0), I(1), I(-1)], {I(0): 'zero'}, sorted([I(3), I(0), I(-2)]), sum([I(0), I(0)]))
print(str(I(5)), str(I(-12345678901234567890)), I(7), f"{I(3)}", I(2) ** I(70), 2 ** I(3))
try:
    print(1 // z)
except ZeroDivisionError as e:
    print('ZeroDivisionError', e)
try:
    print(I(0) ** -1)
except ZeroDivisionError as e:
    print('ZeroDivisionError', e)
print(int.__str__(z), int.__repr__(z), int.__format__(z, '03'), str(I('0')), str(I(-0)))
